/**
 * The fault bench's schedule: each fault on its own timer, in ms from the bulk run's start,
 * through the emulators' fault controls and the process controls (processes.ts). `ended` is
 * called as each fault ends, with what it did; `done` settles once every fault has ended.
 *
 * - Shopify's Admin API answers every call 502 (the Shopify emulator's `outage`);
 * - ProductAI's job reads answer 503 and its webhooks are dropped, so that only reads can bring
 *   results (the ProductAI emulator's `jobReadOutage`, `dropNextWebhook`);
 * - ProductAI's intake is slow: the next few submissions' jobs are created (and charged) some
 *   seconds after the app's request gave up (`slowIntakeNext`, `intakeDelayMs`), so each is
 *   `uncertain` until reconciliation finds its job in ProductAI's list;
 * - the worker process `kill -9`, then started again; Redis `kill -9`, then started again on its
 *   append-only file.
 */
import type { Stack } from '../../dev/stack.ts';
import { productAiControlAt } from '../../test/support/productai-accounts.ts';
import { redisKill9AndRestart, type WorkerControl } from './processes.ts';

export interface FaultTimes {
  shopifyOutage: { atMs: number; forMs: number };
  productAiOutage: {
    atMs: number;
    forMs: number;
    /** Called just before the outage ends (the bench notes what waits on it then). */
    beforeEnd?: () => Promise<void>;
  };
  slowIntake: { atMs: number; submissions: number; delayMs: number };
  workerKillsAtMs: readonly number[];
  workerDownMs: number;
  redisKillsAtMs: readonly number[];
  redisDownMs: number;
}

export interface Schedule {
  done: Promise<void>;
  /** Faults that could not be made, and why. */
  skipped: string[];
  /** When ProductAI's job reads answered again (ms), once its outage has ended. */
  productAiBackAt: number | null;
}

export function runSchedule(
  stack: Stack,
  worker: WorkerControl,
  times: FaultTimes,
  at: (ms: number) => Promise<void>,
  ended: (what: string) => void,
  began: (what: string) => void,
): Schedule {
  const skipped: string[] = [];
  const schedule: Schedule = { done: Promise.resolve(), skipped, productAiBackAt: null };
  const productAi = productAiControlAt(stack.productAi.url);
  const shopifyFaults = async (body: unknown) => {
    const response = await fetch(`${stack.shopify.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { outageCalls?: number };
  };
  const timers: Promise<void>[] = [];

  const { shopifyOutage, productAiOutage, slowIntake } = times;
  if (shopifyOutage.forMs > 0)
    timers.push(
      (async () => {
        await at(shopifyOutage.atMs);
        await shopifyFaults({ outage: { status: 502 } });
        began(`Shopify Admin answers 502 for ${shopifyOutage.forMs / 1000} s`);
        await at(shopifyOutage.atMs + shopifyOutage.forMs);
        // An empty POST answers the count; ending the outage resets it.
        const { outageCalls } = await shopifyFaults({});
        await shopifyFaults({ outage: null });
        ended(`Shopify back (${outageCalls ?? '?'} Admin calls answered 502)`);
      })(),
    );
  if (productAiOutage.forMs > 0)
    timers.push(
      (async () => {
        await at(productAiOutage.atMs);
        await productAi('POST', '/faults', { jobReadOutage: 503, dropNextWebhook: 100_000 });
        began(
          `ProductAI job reads answer 503, webhooks dropped, for ${productAiOutage.forMs / 1000} s`,
        );
        await at(productAiOutage.atMs + productAiOutage.forMs);
        await productAiOutage.beforeEnd?.();
        const { jobReadOutageCalls } = (await productAi('GET', '/faults')) as {
          jobReadOutageCalls?: number;
        };
        await productAi('POST', '/faults', { jobReadOutage: 0, dropNextWebhook: 0 });
        schedule.productAiBackAt = Date.now();
        ended(`ProductAI reads back (${jobReadOutageCalls ?? '?'} reads answered 503)`);
      })(),
    );
  if (slowIntake.submissions > 0)
    timers.push(
      (async () => {
        await at(slowIntake.atMs);
        await productAi('POST', '/faults', {
          slowIntakeNext: slowIntake.submissions,
          intakeDelayMs: slowIntake.delayMs,
        });
        began(
          `ProductAI's intake: the next ${slowIntake.submissions} jobs created ` +
            `${slowIntake.delayMs / 1000} s after their request arrived`,
        );
        // Ended once they have all been taken (the emulator counts them down), or after two
        // minutes without enough submissions.
        let left = slowIntake.submissions;
        for (let waited = 0; left > 0 && waited < 120; waited += 1) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          ({ slowIntakeNext: left } = (await productAi('GET', '/faults')) as {
            slowIntakeNext: number;
          });
        }
        if (left > 0) await productAi('POST', '/faults', { slowIntakeNext: 0 });
        await new Promise((resolve) => setTimeout(resolve, slowIntake.delayMs));
        ended(`slow intake over (${slowIntake.submissions - left} submissions slowed)`);
      })(),
    );
  timers.push(
    (async () => {
      for (const t of times.workerKillsAtMs) {
        await at(t);
        await worker.kill9AndRestart(times.workerDownMs);
        ended(`worker kill -9 #${worker.kills}, started again`);
      }
    })(),
  );
  timers.push(
    (async () => {
      let n = 0;
      for (const t of times.redisKillsAtMs) {
        await at(t);
        try {
          await redisKill9AndRestart(stack, times.redisDownMs);
          ended(`Redis kill -9 #${(n += 1)}, started again on its AOF`);
        } catch (error) {
          skipped.push(`Redis kill -9 at ${t / 1000} s: ${(error as Error).message}`);
        }
      }
    })(),
  );
  schedule.done = Promise.all(timers).then(() => undefined);
  return schedule;
}
