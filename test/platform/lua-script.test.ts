import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closeRedis, connectRedis, type Redis } from '../../src/platform/redis/connection.ts';
import { luaScript } from '../../src/platform/redis/lua-script.ts';
import { testRedisUrl } from '../support/redis.ts';

const redis = await connectRedis(testRedisUrl());
const folder = mkdtempSync(join(tmpdir(), 'lua-script-'));
afterAll(async () => {
  await closeRedis(redis);
  rmSync(folder, { recursive: true, force: true });
});

/** Writes the files (paths relative to a fresh folder); returns the folder as a URL. */
function luaFiles(files: Record<string, string>): URL {
  const root = join(folder, randomUUID());
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return pathToFileURL(`${root}/`);
}

// Answers what it was given, in order: {'K1=...', ..., 'A1=...', ...}.
const ECHO = `--[[
  Echoes its KEYS and ARGV.
  KEYS[1] first
  KEYS[2] second
  KEYS[3] third   (optional)
  KEYS[4] fourth  (optional)
  ARGV[1] a
  ARGV[2] b
  ARGV[3...] more
  Returns {'K1=<KEYS[1]>', ..., 'A1=<ARGV[1]>', ...}
]]
local out = {}
for i, key in ipairs(KEYS) do out[#out + 1] = 'K' .. i .. '=' .. key end
for i, arg in ipairs(ARGV) do out[#out + 1] = 'A' .. i .. '=' .. arg end
return out
`;

const ECHO_SPEC = {
  keys: ['first', 'second'],
  optionalKeys: ['third', 'fourth'],
  args: ['a', 'b'],
  rest: 'more',
} as const;

describe('luaScript', () => {
  it('maps named keys and arguments to KEYS and ARGV in the declared order', async () => {
    const echo = luaScript(new URL('echo.lua', luaFiles({ 'echo.lua': ECHO })), ECHO_SPEC);
    expect(
      await echo(
        redis,
        { second: 's', third: 't', first: 'f' },
        { b: 2, more: ['x', 9], a: 'one' },
      ),
    ).toEqual(['K1=f', 'K2=s', 'K3=t', 'A1=one', 'A2=2', 'A3=x', 'A4=9']);
    expect(await echo(redis, { first: 'f', second: 's' }, { a: 1, b: 2, more: [] })).toEqual([
      'K1=f',
      'K2=s',
      'A1=1',
      'A2=2',
    ]);
  });

  it('refuses an optional key given without the ones before it', async () => {
    const echo = luaScript(new URL('echo.lua', luaFiles({ 'echo.lua': ECHO })), ECHO_SPEC);
    await expect(
      echo(redis, { first: 'f', second: 's', fourth: 'x' }, { a: 1, b: 2, more: [] }),
    ).rejects.toThrow('echo.lua: optional keys must be given in order (third, fourth)');
  });

  it('lets the compiler catch an unknown or a missing name', () => {
    const echo = luaScript(new URL('echo.lua', luaFiles({ 'echo.lua': ECHO })), ECHO_SPEC);
    const misuses = () => [
      // @ts-expect-error: no key is named `fifth`
      echo(redis, { first: 'f', second: 's', fifth: 'x' }, { a: 1, b: 2, more: [] }),
      // @ts-expect-error: the argument `b` is missing
      echo(redis, { first: 'f', second: 's' }, { a: 1, more: [] }),
    ];
    expect(misuses).toBeTypeOf('function');
  });

  it('refuses a file whose header names other KEYS or ARGV than its callers', () => {
    const swapped = ECHO.replace('KEYS[1] first', 'KEYS[1] second').replace(
      'KEYS[2] second',
      'KEYS[2] first',
    );
    const folderUrl = luaFiles({ 'swapped.lua': swapped, 'bare.lua': 'return 1\n' });
    expect(() => luaScript(new URL('swapped.lua', folderUrl), ECHO_SPEC)).toThrow(
      'swapped.lua: the header declares KEYS[1] second, KEYS[2] first,',
    );
    expect(() => luaScript(new URL('bare.lua', folderUrl), { keys: [], args: [] })).toThrow(
      'bare.lua: no --[[ header ]] at the top',
    );
  });

  it("expands includes from the script's room (includes/ beside it), each once", async () => {
    const room = luaFiles({
      'includes/double.lua': '--[[ double(n) ]]\nlocal function double(n) return n * 2 end\n',
      'includes/quadruple.lua':
        '--- @include "double"\nlocal function quadruple(n) return double(double(n)) end\n',
      'both.lua': [
        '--[[',
        '  ARGV[1] n',
        ']]',
        '--- @include "double"',
        '--- @include "quadruple"',
        'return {double(tonumber(ARGV[1])), quadruple(tonumber(ARGV[1]))}',
        '',
      ].join('\n'),
    });
    const both = luaScript(new URL('both.lua', room), { keys: [], args: ['n'] });
    expect(both.source.match(/local function double/g)).toHaveLength(1);
    expect(both.source).not.toContain('@include');
    expect(await both(redis, {}, { n: 3 })).toEqual([6, 12]);
  });

  it('falls back to the shared platform fragments, after the room', async () => {
    const clockScript = '--[[ nothing ]]\n--- @include "now-ms"\nreturn now\n';
    const shared = luaScript(new URL('clock.lua', luaFiles({ 'clock.lua': clockScript })), {
      keys: [],
      args: [],
    });
    expect(shared.source).toContain("redis.call('TIME')");
    const before = Date.now();
    expect(Math.abs(Number(await shared(redis, {}, {})) - before)).toBeLessThan(60_000);

    const ownClock = luaFiles({
      'includes/now-ms.lua': 'local now = 42\n',
      'clock.lua': clockScript,
    });
    const own = luaScript(new URL('clock.lua', ownClock), { keys: [], args: [] });
    expect(own.source).not.toContain("redis.call('TIME')");
    expect(await own(redis, {}, {})).toBe(42);
  });

  it('refuses an include found in neither the room nor the platform', () => {
    const root = luaFiles({ 'lost.lua': '--[[ nothing ]]\n--- @include "nowhere"\nreturn 1\n' });
    expect(() => luaScript(new URL('lost.lua', root), { keys: [], args: [] })).toThrow(
      'lost.lua: no Lua include "nowhere" in ',
    );
  });

  it('refuses an include cycle', () => {
    const root = luaFiles({
      'includes/a.lua': '--- @include "b"\n',
      'includes/b.lua': '--- @include "a"\n',
      'loop.lua': '--[[ nothing ]]\n--- @include "a"\nreturn 1\n',
    });
    expect(() => luaScript(new URL('loop.lua', root), { keys: [], args: [] })).toThrow(
      'Lua include cycle: loop.lua -> a -> b -> a',
    );
  });

  it('runs by SHA, and by source when Redis does not know the script (NOSCRIPT)', async () => {
    // A script this Redis has never seen: its text is new.
    const text = `--[[\n  ARGV[1] word\n]]\n-- ${randomUUID()}\nreturn ARGV[1]\n`;
    const script = luaScript(new URL('new.lua', luaFiles({ 'new.lua': text })), {
      keys: [],
      args: ['word'],
    });
    const calls: string[] = [];
    const counting = new Proxy(redis, {
      get(target, property, receiver) {
        if (property === 'evalsha' || property === 'eval') calls.push(property);
        return Reflect.get(target, property, receiver);
      },
    }) as Redis;

    expect(await redis.script('EXISTS', script.sha)).toEqual([0]);
    expect(await script(counting, {}, { word: 'first' })).toBe('first');
    expect(calls).toEqual(['evalsha', 'eval']);
    expect(await redis.script('EXISTS', script.sha)).toEqual([1]);

    calls.length = 0;
    expect(await script(counting, {}, { word: 'again' })).toBe('again');
    expect(calls).toEqual(['evalsha']);
  });
});
