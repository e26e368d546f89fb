// How far the code base is from a layout a newcomer can read, in five figures:
//   npm run structure
// folder cycles in src/ (dependency-cruiser's no-folder-cycles rule), imports into src/pipeline's
// insides from the rest of src/ that do not go through pipeline/index.ts, files in src/ over 400
// lines (the model catalogue is data and is let off), the README's length, and comments (and doc
// lines) naming an issue instead of saying why. It prints the figures and exits 0: they are
// measured, not asserted.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..');
const LONG_FILE_LINES = 400;
const LET_OFF_LONG = new Set(['src/productai/catalogue.ts']);
const COMMENT_ROOTS = ['src', 'test', 'bench', 'scripts', 'web', 'emulators', 'dev', 'extensions'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.cache', '.demo', 'test-artifacts']);
const CODE = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.lua', '.sh', '.css']);

/** "issue 12", "issues 17 and 30", "#31", "P2": a name for a piece of history, not a reason. */
const NAMES_AN_ISSUE = [/\bissues?\s+#?\d+/i, /(^|[\s(])#\d{1,3}\b/, /\bP\d\b/];

interface Cruise {
  summary: { violations: { rule: { name: string } }[] };
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) found.push(...filesUnder(path, keep));
    } else if (entry.isFile() && keep(path)) found.push(path);
  }
  return found;
}

function lineCount(path: string): number {
  const text = readFileSync(join(ROOT, path), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

async function cruiseSrc(): Promise<Cruise> {
  const depcruise = join(ROOT, 'node_modules/.bin/depcruise');
  const args = ['--config', '.dependency-cruiser.js', '--output-type', 'json', 'src'];
  // depcruise exits non-zero when a rule is broken; the JSON is printed all the same.
  const { stdout } = await promisify(execFile)(depcruise, args, {
    cwd: ROOT,
    maxBuffer: 256 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout) as Cruise;
}

function isPipelineInside(path: string): boolean {
  return path.startsWith('src/pipeline/') && path !== 'src/pipeline/index.ts';
}

/** The comments of a file: the TypeScript scanner for script files, line comments otherwise. */
function comments(path: string): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const ext = extname(path);
  if (ext === '.lua') return text.split('\n').flatMap((line) => line.match(/--.*$/) ?? []);
  if (ext === '.sh') return text.split('\n').flatMap((line) => line.match(/(^|\s)#.*$/) ?? []);
  if (ext === '.css') return text.match(/\/\*[\s\S]*?\*\//g) ?? [];
  const variant = ext === '.tsx' ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, text);
  const found: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (
      kind === ts.SyntaxKind.SingleLineCommentTrivia ||
      kind === ts.SyntaxKind.MultiLineCommentTrivia
    ) {
      found.push(scanner.getTokenText());
    }
  }
  return found;
}

function linesNamingAnIssue(texts: string[]): number {
  return texts
    .flatMap((text) => text.split('\n'))
    .filter((line) => NAMES_AN_ISSUE.some((pattern) => pattern.test(line))).length;
}

const cruise = await cruiseSrc();
const folderCycles = cruise.summary.violations.filter(
  (violation) => violation.rule.name === 'no-folder-cycles',
).length;
const intoPipeline = cruise.modules
  .filter(
    (module) => module.source.startsWith('src/') && !module.source.startsWith('src/pipeline/'),
  )
  .flatMap((module) =>
    module.dependencies
      .filter((dependency) => isPipelineInside(dependency.resolved))
      .map((dependency) => `${module.source} -> ${dependency.resolved}`),
  );
const importers = new Set(intoPipeline.map((edge) => edge.split(' -> ')[0]));

const longFiles = filesUnder('src', (path) => CODE.has(extname(path)))
  .map((path) => ({ path, lines: lineCount(path) }))
  .filter(({ path, lines }) => lines > LONG_FILE_LINES && !LET_OFF_LONG.has(path))
  .sort((a, b) => b.lines - a.lines);

const codeFiles = COMMENT_ROOTS.flatMap((dir) =>
  filesUnder(dir, (path) => CODE.has(extname(path)) && !path.endsWith('.d.ts')),
);
const commentsNamingAnIssue = codeFiles.reduce(
  (sum, path) => sum + linesNamingAnIssue(comments(path)),
  0,
);
const docs = [
  'README.md',
  ...filesUnder('docs', (path) => path.endsWith('.md')),
  ...COMMENT_ROOTS.flatMap((dir) => filesUnder(dir, (path) => path.endsWith('README.md'))),
];
const docLinesNamingAnIssue = docs.reduce(
  (sum, path) => sum + linesNamingAnIssue([readFileSync(join(ROOT, path), 'utf8')]),
  0,
);

console.log(`folder cycles in src/:                          ${folderCycles}`);
console.log(
  `imports into src/pipeline/ insides from src/:   ${intoPipeline.length} ` +
    `(from ${importers.size} files; pipeline/index.ts is the way in)`,
);
console.log(
  `files in src/ over ${LONG_FILE_LINES} lines:                    ${longFiles.length} ` +
    `(the model catalogue let off)`,
);
for (const { path, lines } of longFiles) console.log(`  ${String(lines).padStart(5)}  ${path}`);
console.log(`README.md lines:                                ${lineCount('README.md')}`);
console.log(
  `comment lines naming an issue:                  ${commentsNamingAnIssue} ` +
    `(in ${COMMENT_ROOTS.join(', ')})`,
);
console.log(
  `doc lines naming an issue:                      ${docLinesNamingAnIssue} ` +
    `(README.md, docs/, the folders' README.md)`,
);
if (process.argv.includes('--verbose')) {
  for (const edge of intoPipeline) console.log(`  ${relative('.', edge)}`);
}
