/**
 * Stage handlers receive what they use, never the whole pipeline context: each stage declares
 * the members it uses (its `*_USES` list, of which its context type is made), and the one
 * registration (src/pipeline/stage-handlers.ts) hands it only those. The two ways back to a
 * handler given everything are checked here:
 *  - a stage's code takes the whole `PipelineContext` again (a handler, or a helper it calls,
 *    typed with it): read from the stage folders' source, by the TypeScript parser;
 *  - a stage registered without its list, or with a list of every member: each registered
 *    handler is called once with a context that records what is read of it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { pipelineConfig } from '../../src/pipeline/index.ts';
import { ATTACH_USES, VERIFY_USES } from '../../src/pipeline/publish/index.ts';
import { AWAIT_USES } from '../../src/pipeline/receive/await-stage.ts';
import { RECONCILE_USES } from '../../src/pipeline/receive/reconcile.ts';
import { RESULT_USES } from '../../src/pipeline/receive/result-stage.ts';
import { pipelineStages, type StageHandlerDeps } from '../../src/pipeline/stage-handlers.ts';
import { QUEUE_NAMES, type QueueName } from '../../src/pipeline/stages/queues.ts';
import { SUBMIT_USES } from '../../src/pipeline/submit/submit-stage.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the stages and every helper they call live. */
const STAGE_FOLDERS = ['src/pipeline/submit', 'src/pipeline/receive', 'src/pipeline/publish'];

const USES: Record<QueueName, readonly string[]> = {
  submit: SUBMIT_USES,
  await: AWAIT_USES,
  attach: ATTACH_USES,
  verify: VERIFY_USES,
  result: RESULT_USES,
  reconcile: RECONCILE_USES,
};

function tsFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const parse = (name: string, text: string) =>
  ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

const isWholeContext = (type: ts.Node | undefined): boolean =>
  type !== undefined &&
  ts.isTypeReferenceNode(type) &&
  type.typeName.getText() === 'PipelineContext' &&
  type.typeArguments === undefined;

/**
 * Each place of `text` that takes the whole context: a parameter typed `PipelineContext`, a
 * `StageHandler<PipelineContext>`, the `PipelineStageHandler` that once named it. A `Pick` of it,
 * or one member's type (`PipelineContext['generations']`), is not the whole.
 */
function wholeContextTaken(name: string, text: string): string[] {
  const source = parse(name, text);
  const found: string[] = [];
  const at = (node: ts.Node) =>
    `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText()}`;
  const visit = (node: ts.Node): void => {
    if (ts.isParameter(node) && isWholeContext(node.type)) found.push(at(node));
    if (
      ts.isTypeReferenceNode(node) &&
      node.typeName.getText() === 'StageHandler' &&
      node.typeArguments?.some(isWholeContext)
    )
      found.push(at(node));
    if (ts.isIdentifier(node) && node.text === 'PipelineStageHandler') found.push(at(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The members `PipelineContext` declares (src/pipeline/context.ts). */
function contextMembers(): string[] {
  const path = 'src/pipeline/context.ts';
  const source = parse(path, readFileSync(join(ROOT, path), 'utf8'));
  const context = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'PipelineContext',
  );
  if (!context) throw new Error(`no PipelineContext interface in ${path}`);
  return context.members.map((member) => member.name!.getText(source));
}

describe('stage handlers receive what they use', () => {
  it('finds the whole context taken where it is (the check itself)', () => {
    const planted = [
      `import type { PipelineContext, PipelineStageHandler } from '../context.ts';`,
      `export async function step(ctx: PipelineContext) { return ctx; }`,
      `export const stage: StageHandler<PipelineContext> = async () => DONE;`,
      `export const old: PipelineStageHandler = async () => DONE;`,
      // Allowed: a part of it, or one member's type.
      `export async function part(ctx: Pick<PipelineContext, 'clock'>, m: PipelineContext['clock']) {}`,
      `export const narrow: StageHandler<Pick<PipelineContext, 'logger'>> = async () => DONE;`,
    ].join('\n');
    expect(wholeContextTaken('planted.ts', planted)).toEqual([
      'planted.ts:1 PipelineStageHandler',
      'planted.ts:2 ctx: PipelineContext',
      'planted.ts:3 StageHandler<PipelineContext>',
      'planted.ts:4 PipelineStageHandler',
    ]);
  });

  it('no stage, and no helper of one, takes the whole PipelineContext', () => {
    const files = STAGE_FOLDERS.flatMap(tsFiles);
    expect(files.length).toBeGreaterThan(50);
    const taken = files.flatMap((path) =>
      wholeContextTaken(path, readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(taken).toEqual([]);
  });

  it('each stage declares members of the context, never all of them', () => {
    const members = contextMembers();
    expect(members.length).toBeGreaterThan(10);
    for (const queue of QUEUE_NAMES) {
      const uses = USES[queue];
      expect(
        uses.filter((member) => !members.includes(member)),
        queue,
      ).toEqual([]);
      expect(new Set(uses).size, queue).toBeLessThan(members.length);
    }
  });

  it('the registration hands each stage exactly the members it declares', async () => {
    // Building the handlers calls none of their dependencies; running one on an empty context
    // fails at its first use of a member, after the registration has picked what it hands over.
    const deps = { config: pipelineConfig({ namespace: 'stage-contexts-test' }), queues: {} };
    const { handlers } = pipelineStages(deps as unknown as StageHandlerDeps);
    for (const queue of QUEUE_NAMES) {
      const read = new Set<string>();
      const context = new Proxy(
        {},
        {
          get(_target, key) {
            if (typeof key === 'string') read.add(key);
            return undefined;
          },
        },
      );
      const ref = { shop: 'a-shop.myshopify.com', generationId: 'g1' };
      await handlers[queue](ref, context as never).catch(() => undefined);
      expect([...read].sort(), queue).toEqual([...USES[queue]].sort());
    }
  });
});
