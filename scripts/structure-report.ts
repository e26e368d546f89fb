// How far the code base is from a layout a newcomer can read, in a few figures:
//   npm run structure [-- --verbose]   (--verbose: where each counted thing is)
// folder cycles in src/ (dependency-cruiser's no-folder-cycles rule), imports into src/pipeline's
// insides from the rest of src/ that do not go through pipeline/index.ts (and, of those, the
// features' into the engine's insides, with the engine's imports of a feature: both want 0, and
// .dependency-cruiser.js forbids them), files in src/ over 400 lines (the model catalogue is data
// and is let off: long-files.ts, which test/architecture/file-length.test.ts enforces), the
// README's length, comments (and doc lines) naming an issue instead of saying why, and how often
// the test toolkit's helpers are defined. It prints the figures and exits 0: the report measures;
// the rules that hold are enforced by deps:check and the architecture tests.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { CODE, filesUnder, lineCount, LONG_FILE_LINES, longFiles, ROOT } from './long-files.ts';

const COMMENT_ROOTS = ['src', 'test', 'bench', 'scripts', 'web', 'emulators', 'dev', 'extensions'];

/** The word issue with a number, a hash with one, a phase (P and a digit): history, not a reason. */
const NAMES_AN_ISSUE = [/\bissues?\s+#?\d+/i, /(^|[\s(])#\d{1,3}\b/, /\bP\d\b/];

interface Cruise {
  summary: { violations: { rule: { name: string } }[] };
  modules: { source: string; dependencies: { resolved: string }[] }[];
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

/** The merchant features (src/features/). */
function isFeature(path: string): boolean {
  return path.startsWith('src/features/');
}

interface Comment {
  text: string;
  line: number;
}

function lineComments(text: string, pattern: RegExp): Comment[] {
  return text.split('\n').flatMap((line, index) => {
    const found = line.match(pattern);
    return found ? [{ text: found[0], line: index + 1 }] : [];
  });
}

const LUA_BLOCK = /--\[(=*)\[[\s\S]*?\]\1\]/g;

/** The comments of a file: the TypeScript parser's comment ranges for script files. */
function comments(path: string): Comment[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const ext = extname(path);
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const blocks = (pattern: RegExp) =>
    [...text.matchAll(pattern)].map((found) => ({ text: found[0], line: lineOf(found.index) }));
  if (ext === '.lua') {
    const outsideBlocks = text.replace(LUA_BLOCK, (block) => block.replace(/[^\n]/g, ' '));
    return [...blocks(LUA_BLOCK), ...lineComments(outsideBlocks, /--.*$/)];
  }
  if (ext === '.sh') return lineComments(text, /(^|\s)#.*$/);
  if (ext === '.css') return blocks(/\/\*[\s\S]*?\*\//g);
  const kind =
    ext === '.tsx' ? ts.ScriptKind.TSX : ext === '.ts' ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map<number, number>();
  const visit = (node: ts.Node): void => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.end) ?? []),
    ]) {
      ranges.set(range.pos, range.end);
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...ranges].map(([pos, end]) => ({ text: text.slice(pos, end), line: lineOf(pos) }));
}

/** Where each line naming an issue is: `path:line`. */
function linesNamingAnIssue(path: string, texts: Comment[]): string[] {
  return texts.flatMap(({ text, line }) =>
    text
      .split('\n')
      .flatMap((part, index) =>
        NAMES_AN_ISSUE.some((pattern) => pattern.test(part)) ? [`${path}:${line + index}`] : [],
      ),
  );
}

/** The test toolkit's helpers that must each be defined once, by the pattern of a definition. */
const TEST_HELPERS: Record<string, RegExp> = {
  until: /\bfunction until\b/,
  eventually: /\bfunction eventually\b/,
  TestShop: /\binterface TestShop\b|\btype TestShop\s*=/,
};

/** A wait written by hand (a deadline and a sleep in a loop) where test/support/until.ts would do. */
const POLL_BY_HAND = /\bconst deadline = Date\.now\(\)/g;
const UNTIL = 'test/support/until.ts';

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
const featuresIntoEngine = intoPipeline.filter((edge) => isFeature(edge.split(' -> ')[0] ?? ''));
const engineIntoFeatures = cruise.modules
  .filter((module) => module.source.startsWith('src/pipeline/'))
  .flatMap((module) =>
    module.dependencies
      .filter((dependency) => isFeature(dependency.resolved))
      .map((dependency) => `${module.source} -> ${dependency.resolved}`),
  );

const overLong = longFiles();

const codeFiles = COMMENT_ROOTS.flatMap((dir) =>
  filesUnder(dir, (path) => CODE.has(extname(path)) && !path.endsWith('.d.ts')),
);
const commentsNamingAnIssue = codeFiles.flatMap((path) => linesNamingAnIssue(path, comments(path)));
const testFiles = ['test', 'bench'].flatMap((dir) =>
  filesUnder(dir, (path) => /\.tsx?$/.test(path)),
);
const helperDefinitions = Object.entries(TEST_HELPERS).map(([name, pattern]) => {
  const where = testFiles.filter((path) => pattern.test(readFileSync(join(ROOT, path), 'utf8')));
  return { name, where };
});
const pollsByHand = testFiles
  .filter((path) => path.startsWith('test/') && path !== UNTIL)
  .flatMap((path) =>
    [...readFileSync(join(ROOT, path), 'utf8').matchAll(POLL_BY_HAND)].map(() => path),
  );
const docs = [
  'README.md',
  ...filesUnder('docs', (path) => path.endsWith('.md')),
  ...COMMENT_ROOTS.flatMap((dir) => filesUnder(dir, (path) => path.endsWith('README.md'))),
];
const docLinesNamingAnIssue = docs.flatMap((path) =>
  linesNamingAnIssue(path, [{ text: readFileSync(join(ROOT, path), 'utf8'), line: 1 }]),
);

console.log(`folder cycles in src/:                          ${folderCycles}`);
console.log(
  `imports into src/pipeline/ insides from src/:   ${intoPipeline.length} ` +
    `(from ${importers.size} files; pipeline/index.ts is the way in)`,
);
console.log(
  `feature imports into the engine's insides:      ${featuresIntoEngine.length} ` +
    `(src/features/; want 0)`,
);
console.log(
  `engine imports of a feature:                    ${engineIntoFeatures.length} (want 0)`,
);
console.log(
  `files in src/ over ${LONG_FILE_LINES} lines:                    ${overLong.length} ` +
    `(the model catalogue and the generated Admin types let off)`,
);
for (const { path, lines } of overLong) console.log(`  ${String(lines).padStart(5)}  ${path}`);
console.log(`README.md lines:                                ${lineCount('README.md')}`);
console.log(
  `comment lines naming an issue:                  ${commentsNamingAnIssue.length} ` +
    `(in ${COMMENT_ROOTS.join(', ')})`,
);
console.log(
  `doc lines naming an issue:                      ${docLinesNamingAnIssue.length} ` +
    `(README.md, docs/, the folders' README.md)`,
);
console.log(
  `test helpers defined (want 1 each):             ` +
    helperDefinitions.map(({ name, where }) => `${name} ${where.length}`).join(', '),
);
console.log(
  `waits polled by hand in test/ (want 0):         ${pollsByHand.length} (${UNTIL} is the one)`,
);
if (process.argv.includes('--verbose')) {
  for (const { name, where } of helperDefinitions) {
    for (const path of where) console.log(`  ${name}: ${path}`);
  }
  for (const where of [
    ...pollsByHand.map((path) => `polls by hand: ${path}`),
    ...intoPipeline,
    ...engineIntoFeatures,
    ...commentsNamingAnIssue,
    ...docLinesNamingAnIssue,
  ]) {
    console.log(`  ${where}`);
  }
}
