/**
 * The flooding shop (a child process of the fault bench, so its load is not generated on the
 * bench's loop): `connections` loops, each sending the next request as soon as the last was
 * answered, for `seconds`: Generate with four results of a product (the click), and every
 * `bulkEvery`-th request a bulk run over the shop's products. Prints one JSON line at the end:
 * how many requests of each kind, by status and error code.
 *
 *   node bench/faults/flood-process.ts '<{ caller, clicks, bulkRun, seconds, connections, bulkEvery }>'
 */
import { post, type AppCaller } from './app-calls.ts';

const { caller, clicks, bulkRun, seconds, connections, bulkEvery } = JSON.parse(
  process.argv[2]!,
) as {
  caller: AppCaller;
  clicks: unknown[];
  bulkRun: unknown;
  seconds: number;
  connections: number;
  bulkEvery: number;
};

const answers: Record<string, Record<string, number>> = { clicks: {}, bulkRuns: {} };
const until = Date.now() + seconds * 1000;
let sent = 0;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < until) {
      const n = (sent += 1);
      const bulk = n % bulkEvery === 0;
      const answer = await post(
        caller,
        bulk ? '/bulk-runs' : '/generations',
        bulk ? bulkRun : clicks[n % clicks.length],
      ).catch((error: unknown) => ({ status: 0, code: (error as Error).message.slice(0, 60) }));
      const kind = answers[bulk ? 'bulkRuns' : 'clicks']!;
      const key = answer.code ? `${answer.status} ${answer.code}` : String(answer.status);
      kind[key] = (kind[key] ?? 0) + 1;
    }
  }),
);
process.stdout.write(`${JSON.stringify(answers)}\n`);
process.exit(0);
