/**
 * Lua scripts, one per file, run by their SHA. Every multi-key decision (a state change, a
 * reservation, a claim) is one script: Redis runs it atomically, which is what makes concurrent
 * workers, webhooks and polls safe without locks.
 *
 * A script lives in a `lua/` folder beside the code that runs it and starts with a header, a
 * `--[[ ]]` comment that says what it does, names its KEYS and ARGV one a line, and says what
 * it returns:
 *
 *   --[[
 *     Deletes the lock if its value is still the owner's.
 *     KEYS[1] lock   the lock's key
 *     ARGV[1] owner  the value the owner set
 *     Returns the number of keys deleted (1 or 0).
 *   ]]
 *
 * `luaScript(url, { keys: ['lock'], args: ['owner'] })` reads the file once, when the calling
 * module loads, and throws unless the header names the same KEYS and ARGV in the same order, so
 * header and callers cannot drift apart. Callers pass names, never positions:
 * `RELEASE(redis, { lock: key }, { owner })`.
 *
 * Fragments that several scripts share are included by name: a line `--- @include "x"` is
 * replaced by `x.lua`, looked up first in the script's own room (`includes/` beside the script,
 * e.g. src/pipeline/generations/lua/includes/), then in `lua/includes/` beside this file. That
 * shared folder holds generic fragments only (now-ms: the time on Redis's clock), as the
 * platform knows nothing of the domain (src/platform/README.md): a fragment that knows a domain
 * (a generation's counters, a submission claim) lives in that domain's room. Every include of a
 * script, a fragment's too, is looked up from the script's room, so a room's fragment comes
 * before a shared one of the same name. A fragment may include others; each is emitted once per
 * script (the first time it is named), and a cycle is an error.
 *
 * Runs with EVALSHA; when Redis does not know the script (first use, or after a restart:
 * NOSCRIPT), with EVAL, which also caches it again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from './connection.ts';

export type LuaArg = string | number;

export interface LuaScriptSpec<
  K extends string,
  O extends string,
  A extends string,
  R extends string,
> {
  /** KEYS[1..n], in this order. */
  keys: readonly K[];
  /** The KEYS after those, each passed only when given (and the ones before it are). */
  optionalKeys?: readonly O[];
  /** ARGV[1..m], in this order. */
  args: readonly A[];
  /** ARGV[m+1...]: a list of any length after the named arguments (header: `ARGV[m+1...]`). */
  rest?: R;
}

export type LuaKeys<K extends string, O extends string> = Record<K, string> &
  Partial<Record<O, string>>;

export type LuaArgs<A extends string, R extends string> = Record<A, LuaArg> &
  Record<R, readonly LuaArg[]>;

export interface LuaScript<K extends string, O extends string, A extends string, R extends string> {
  (redis: Redis, keys: LuaKeys<K, O>, args: LuaArgs<A, R>): Promise<unknown>;
  /** What Redis runs: the file with its includes expanded. */
  readonly source: string;
  readonly sha: string;
}

/** The shared fragments, generic only: looked up after the script's room. */
const SHARED_INCLUDES = new URL('./lua/includes/', import.meta.url);
const HEADER = /^--\[\[([\s\S]*?)\]\]/;
const DECLARATION = /^\s*(KEYS|ARGV)\[(\d+(?:\.\.\.)?)\]\s+(\S+)/gm;
const INCLUDE = /^--- @include "([\w-]+)"[ \t]*$/gm;

export function luaScript<
  const K extends string,
  const A extends string,
  const O extends string = never,
  const R extends string = never,
>(file: URL, spec: LuaScriptSpec<K, O, A, R>): LuaScript<K, O, A, R> {
  const name = basename(fileURLToPath(file));
  const raw = readFileSync(file, 'utf8');
  checkHeader(name, raw, spec);
  const room = new URL('./includes/', file);
  const folders = room.href === SHARED_INCLUDES.href ? [room] : [room, SHARED_INCLUDES];
  const source = expand(raw, folders, [name], new Set());
  const sha = createHash('sha1').update(source).digest('hex');
  const optionalKeys = spec.optionalKeys ?? [];

  const run = async (redis: Redis, keys: LuaKeys<K, O>, args: LuaArgs<A, R>) => {
    const optional: (string | undefined)[] = optionalKeys.map((key) => keys[key]);
    const passed = optional.slice(0, optional.findLastIndex((key) => key !== undefined) + 1);
    if (passed.includes(undefined)) {
      throw new Error(`${name}: optional keys must be given in order (${optionalKeys.join(', ')})`);
    }
    const keyList = [...spec.keys.map((key) => keys[key]), ...(passed as string[])];
    const argList = [...spec.args.map((arg) => args[arg]), ...(spec.rest ? args[spec.rest] : [])];
    try {
      return await redis.evalsha(sha, keyList.length, ...keyList, ...argList);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(source, keyList.length, ...keyList, ...argList);
    }
  };
  return Object.assign(run, { source, sha });
}

/** The header's KEYS and ARGV lines must be the spec's names, in its order. */
function checkHeader(
  name: string,
  raw: string,
  spec: LuaScriptSpec<string, string, string, string>,
): void {
  const header = HEADER.exec(raw)?.[1];
  if (header === undefined) throw new Error(`${name}: no --[[ header ]] at the top`);
  const declared = [...header.matchAll(DECLARATION)].map(
    ([, list, at, id]) => `${list}[${at}] ${id}`,
  );
  const expected = [
    ...[...spec.keys, ...(spec.optionalKeys ?? [])].map((key, i) => `KEYS[${i + 1}] ${key}`),
    ...spec.args.map((arg, i) => `ARGV[${i + 1}] ${arg}`),
    ...(spec.rest ? [`ARGV[${spec.args.length + 1}...] ${spec.rest}`] : []),
  ];
  if (declared.join(', ') !== expected.join(', ')) {
    throw new Error(
      `${name}: the header declares ${declared.join(', ') || 'nothing'}; ` +
        `the script is called with ${expected.join(', ')}`,
    );
  }
}

/** Replaces each `--- @include "x"` line by the first `folders` x.lua, expanded in turn. */
function expand(
  source: string,
  folders: readonly URL[],
  chain: readonly string[],
  emitted: Set<string>,
): string {
  return source.replace(INCLUDE, (_line, fragment: string): string => {
    if (chain.includes(fragment)) {
      throw new Error(`Lua include cycle: ${[...chain, fragment].join(' -> ')}`);
    }
    if (emitted.has(fragment)) return '';
    emitted.add(fragment);
    const file = folders
      .map((folder) => new URL(`${fragment}.lua`, folder))
      .find((candidate) => existsSync(candidate));
    if (!file) {
      const searched = folders.map((folder) => fileURLToPath(folder)).join(', ');
      throw new Error(`${chain[0]}: no Lua include "${fragment}" in ${searched}`);
    }
    return expand(readFileSync(file, 'utf8'), folders, [...chain, fragment], emitted).trimEnd();
  });
}
