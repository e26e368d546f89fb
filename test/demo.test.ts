/**
 * `npm run demo` is the README's "run it" command: it must come up from nothing, print one URL,
 * serve the framed app there, and stop cleanly on Ctrl-C (SIGINT).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';

const stateDir = mkdtempSync(join(tmpdir(), 'demo-state-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

test('the demo starts everything, prints one URL that serves the framed app, and stops on SIGINT', async () => {
  const demo = spawn(process.execPath, ['dev/demo.ts'], {
    env: { ...process.env, DEMO_STATE_DIR: stateDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  demo.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    demo.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    demo.once('exit', (code) =>
      reject(new Error(`demo exited (${code}) before printing its URL:\n${output}`)),
    );
  });

  const frame = await fetch(url);
  expect(frame.status).toBe(200);
  const html = await frame.text();
  const appSrc = /<iframe[^>]+src="([^"]+)"/.exec(html)?.[1];
  expect(appSrc, 'the frame page embeds the app').toBeDefined();
  const app = await fetch(appSrc!.replaceAll('&amp;', '&'));
  expect(app.status).toBe(200);
  expect(await app.text()).toContain('<meta name="shopify-api-key" content="demo-app-client-id"');

  const exited = once(demo, 'exit');
  demo.kill('SIGINT');
  const [code] = await exited;
  expect(code).toBe(0);
}, 90_000);
