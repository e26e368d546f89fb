/**
 * The fidelity check as the demo's merchant meets it: the demo's whole stack (dev/stack.ts: the
 * app's web and worker processes, Redis, the Shopify emulator with the demo's shop and seeded
 * products, the ProductAI emulator changing a share of its results at random, as the demo does
 * with DEMO_CHANGE_RATE), driven through the app's own API as the Generate page drives it:
 * photos over the demo's products with its presets, models, aspect ratios (landscape ones
 * too), one or two product images and 1-4 options, and upscales. Each result's verdict is read
 * back from the app's API and set against what the emulator did to it (its job record), so the
 * run counts the faithful results the check held for nothing and the changes it missed.
 *
 * Faster than the demo where it only shortens waiting: ProductAI jobs of 1.5 s, Shopify's media
 * processing 0.3 s and the rate limit's window 6 s (15 requests every 6 s), as the browser
 * tests' stack runs it (test/browser/support/stack.ts). The check runs as in the demo, in the
 * worker process, but on 2 threads (FIDELITY_THREADS, --check-threads; the demo's is 1): it is
 * the run's bottleneck, and on a shared 2-core machine at load 12 one thread checked a result
 * every 7.7 s (220 in 28 min). The threads change when a verdict comes, not which.
 *
 *   node bench/fidelity/demo-run.ts [--results 220] [--products 40] [--change-rate 0.2]
 *          [--job-ms 1500] [--check-threads 2] [--in-flight 6] [--deadline-min 14] [--out DIR]
 *          [--retries 0]
 *
 * --out DIR writes the source images, the result and the report of every faithful result held
 * and every change missed (bench/fidelity/demo-run/evidence.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startStack } from '../../dev/stack.ts';
import { connectMerchant, productsWithImages } from '../../test/browser/support/merchant.ts';
import type { ProductDetail } from '../../src/app-api/contract.ts';
import { appApi } from './demo-run/app-api.ts';
import { planRequests } from './demo-run/plan.ts';
import { emulatorChanges, outcomesOf, settled } from './demo-run/outcomes.ts';
import { caseLines, figureLines, isHeldFaithful, isMissedChange } from './demo-run/figures.ts';
import { writeEvidence } from './demo-run/evidence.ts';

const { values: args } = parseArgs({
  options: {
    results: { type: 'string', default: '220' },
    products: { type: 'string', default: '40' },
    'change-rate': { type: 'string', default: '0.2' },
    'job-ms': { type: 'string', default: '1500' },
    'check-threads': { type: 'string', default: '2' },
    'in-flight': { type: 'string', default: '6' },
    'deadline-min': { type: 'string', default: '14' },
    retries: { type: 'string', default: '0' },
    out: { type: 'string' },
  },
});
const targetResults = Number(args.results);
const productCount = Number(args.products);
const changeRate = Number(args['change-rate']);
const deadline = Date.now() + Number(args['deadline-min']) * 60_000;
const POLL_MS = 2_000;
/** Results submitted and not yet checked, at most (--in-flight). */
const IN_FLIGHT = Number(args['in-flight']);
const PROGRESS_EVERY_MS = 30_000;

// The stack hands this process's environment to the app's processes.
process.env['FIDELITY_THREADS'] = args['check-threads'];
const logs = join(mkdtempSync(join(tmpdir(), 'demo-run-')), 'app');
const started = Date.now();
const stack = await startStack({
  jobMs: Number(args['job-ms']),
  productChangeRate: changeRate,
  colourProducts: true,
  // Enough for every request of a long run at the dearest model's price.
  productAiCredits: 100_000,
  mediaProcessingMs: 300,
  rateLimitWindowMs: 6_000,
  logLevel: 'warn',
  logFiles: logs,
});
// Killed runs stop the stack too: the exit hook alone would leave Redis and the app running.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stack.stop().finally(() => process.exit(130)));
}
try {
  await connectMerchant(stack);
  const api = appApi(stack);
  // The check alone by default: a changed result made again (fidelityRetries) would add
  // results the plan did not ask for.
  const settings = await api.updateSettings({ fidelityRetries: Number(args.retries) });
  const all = await productsWithImages(stack);
  // Spread over the catalogue (its kinds come in runs), each product then met several times.
  const step = Math.max(1, all.length / productCount);
  const chosen = Array.from(
    { length: Math.min(productCount, all.length) },
    (_, i) => all[Math.floor(i * step)]!,
  );
  const products: ProductDetail[] = [];
  for (const product of chosen) products.push(await api.product(product.numericId));
  const plan = planRequests(products, settings, targetResults);
  const expected = plan.reduce((sum, p) => sum + p.results, 0);
  console.log(
    `# Demo run: ${new Date().toISOString()}; ${plan.length} requests, ${expected} results over ` +
      `${products.length} products; ProductAI change rate ${changeRate}; fidelity guard ` +
      `'${settings.fidelityGuard}', review mode ${settings.reviewMode ? 'on' : 'off'}; app logs ${logs}-*.log`,
  );

  let next = 0;
  let lastProgress = Date.now();
  for (;;) {
    const problems = stack.stoppedProcesses();
    if (problems.length > 0) throw new Error(problems.join('; '));
    const generations = await api.generations();
    const done = generations.filter(settled).length;
    // A few results in flight, as a merchant's clicks or a bulk run at the real rate limit keep:
    // all 179 requests at once queued their checks minutes long, past the check's 30 s timeout
    // (which counts the wait for a thread), and timed-out checks answer `check it`.
    let inFlight = generations.length - done;
    while (next < plan.length && inFlight < IN_FLIGHT) {
      await api.createGeneration(plan[next]!.request);
      inFlight += plan[next]!.results;
      next += 1;
    }
    if (next === plan.length && generations.length >= expected && done === generations.length) {
      break;
    }
    if (Date.now() > deadline) {
      console.log(`deadline reached: ${done} of ${generations.length} settled; figures on those`);
      break;
    }
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      console.log(`  ${done} of ${expected} results checked after ${elapsed()}`);
      lastProgress = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }

  const generations = await api.generations();
  const outcomes = outcomesOf(
    generations,
    await emulatorChanges(stack.productAi.url, stack.productAiKey),
  );
  const failed = generations.filter((g) => g.state === 'failed' || g.state === 'cancelled');
  console.log(`run took ${elapsed()}\n`);
  for (const line of figureLines(outcomes, failed.length)) console.log(line);
  const held = outcomes.filter(isHeldFaithful);
  const missed = outcomes.filter(isMissedChange);
  console.log('');
  for (const line of caseLines('faithful results held', held)) console.log(line);
  for (const line of caseLines('changes missed', missed)) console.log(line);
  for (const g of failed) console.log(`ended without a result: ${g.product.title}: ${g.reason}`);
  if (args.out) {
    const written =
      (await writeEvidence(args.out, 'held', held)) +
      (await writeEvidence(args.out, 'missed', missed));
    console.log(`\n${written} cases written to ${args.out}`);
  }
} finally {
  await stack.stop();
}

function elapsed(): string {
  return `${Math.round((Date.now() - started) / 1000)} s`;
}
