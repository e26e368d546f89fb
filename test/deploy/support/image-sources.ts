/**
 * The TypeScript sources the image's runtime stage copies from the build context (its COPY
 * lines, read from the Dockerfile, not from another stage): the code of the app's processes.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readInstructions } from './dockerfile.ts';
import { REPO } from './clean-copy.ts';

function sourceFiles(path: string): string[] {
  if (!statSync(join(REPO, path)).isDirectory())
    return /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) ? [path] : [];
  return readdirSync(join(REPO, path)).flatMap((name) => sourceFiles(join(path, name)));
}

/** Paths relative to the repository. */
export function imageSourceFiles(): string[] {
  const instructions = readInstructions(readFileSync(join(REPO, 'Dockerfile'), 'utf8'));
  const runtime = instructions.slice(instructions.findLastIndex((i) => i.keyword === 'FROM'));
  return runtime
    .filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))
    .flatMap((i) => i.args.split(/\s+/).slice(0, -1))
    .flatMap(sourceFiles);
}
