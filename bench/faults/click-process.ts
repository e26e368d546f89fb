/**
 * The timed shop's clicks (a child process of the fault bench, so the bench's own event loop,
 * which also runs both emulators, is not on the measured path): Generate, one photo, every
 * `everyMs`, each `POST /api/generations` timed from the request to the last byte of its answer.
 * One JSON line per click on stdout, `{ at, ms, status, code }` (`at`: when it was sent, epoch
 * ms), until SIGTERM.
 *
 *   node bench/faults/click-process.ts '<{ caller, requests, everyMs }>'
 */
import { setTimeout as delay } from 'node:timers/promises';
import { post, type AppCaller } from './app-calls.ts';

const { caller, requests, everyMs } = JSON.parse(process.argv[2]!) as {
  caller: AppCaller;
  requests: unknown[];
  everyMs: number;
};

let stopping = false;
process.once('SIGTERM', () => (stopping = true));

for (let i = 0; !stopping; i += 1) {
  const at = Date.now();
  const t0 = performance.now();
  const answer = await post(caller, '/generations', requests[i % requests.length]).catch(
    (error: unknown) => ({ status: 0, code: (error as Error).message.slice(0, 60) }),
  );
  const ms = performance.now() - t0;
  process.stdout.write(`${JSON.stringify({ at, ms, status: answer.status, code: answer.code })}\n`);
  await delay(Math.max(0, at + everyMs - Date.now()));
}
process.exit(0);
