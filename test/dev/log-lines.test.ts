/**
 * The demo's terminal shows the app's JSON log lines as one readable line per problem.
 */
import { expect, test } from 'vitest';
import { appLogLevel, createLogFormatter, levelNumber } from '../../dev/log-lines.ts';

const SHOP = 'demo-store.myshopify.com';
const req = { id: 'r1', method: 'POST', url: '/api/generations?x=1' };
const line = (record: object) => JSON.stringify({ time: 1, pid: 1, hostname: 'h', ...record });

test('a refused request is one line: status, method, path, reason and shop', () => {
  const format = createLogFormatter(levelNumber('warn'));
  const rejected = {
    level: 30,
    req,
    shop: SHOP,
    code: 'invalid_request',
    reason: 'Prompt is required',
  };
  expect(format(line({ ...rejected, msg: 'request rejected' }))).toBeNull();
  expect(format(line({ level: 40, req, res: { statusCode: 422 }, msg: 'request completed' }))).toBe(
    `422 POST /api/generations — Prompt is required (shop ${SHOP})`,
  );
});

test("request validation's issues read as field: problem", () => {
  const format = createLogFormatter(levelNumber('warn'));
  const issues = [
    { path: ['productId'], message: 'Invalid input: expected string' },
    { path: ['sourceMediaIds'], message: 'Invalid input: expected array' },
  ];
  format(
    line({
      level: 30,
      req,
      shop: SHOP,
      reason: JSON.stringify(issues, null, 2),
      msg: 'request rejected',
    }),
  );
  expect(format(line({ level: 40, req, res: { statusCode: 400 }, msg: 'request completed' }))).toBe(
    `400 POST /api/generations — productId: Invalid input: expected string; sourceMediaIds: Invalid input: expected array (shop ${SHOP})`,
  );
});

test('successful requests and lines below the level are not shown', () => {
  const format = createLogFormatter(levelNumber('warn'));
  expect(
    format(line({ level: 30, req, res: { statusCode: 201 }, msg: 'request completed' })),
  ).toBeNull();
  expect(format(line({ level: 30, msg: 'listening' }))).toBeNull();
});

test('other problems read LEVEL message: error, and text that is not JSON passes through', () => {
  const format = createLogFormatter(levelNumber('warn'));
  expect(
    format(line({ level: 50, msg: 'submit failed', shop: SHOP, err: { message: 'boom' } })),
  ).toBe(`ERROR submit failed: boom (shop ${SHOP})`);
  expect(format('    at main (web/server/main.ts:1:1)')).toBe(
    '    at main (web/server/main.ts:1:1)',
  );
});

test('the app logs at info at least, so the reason of a refusal reaches the terminal', () => {
  expect(appLogLevel('warn')).toBe('info');
  expect(appLogLevel('debug')).toBe('debug');
  expect(appLogLevel('silent')).toBe('silent');
});
