/**
 * A bulk run over a collection in the real app: the estimate before it starts, its progress
 * while it runs, and cancel, after which nothing more is sent to ProductAI.
 */
import { expect, test } from 'vitest';
import { RESULT_TIMEOUT_MS, demoProducts, pickInResourcePicker } from './support/merchant.ts';
import { confirm, confirmation, screenshotBothWidths } from './support/confirm.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';
import { stackGenerationStore } from './support/stack-generations.ts';
import { closeRedis, connectRedis } from '../../src/platform/redis/connection.ts';

const suite = browserSuite('bulk-run', {
  connectedMerchant: true,
  // Cancelled while its requests are still paced out, one every 4 s.
  rateLimitWindowMs: 60_000,
});

async function submittedJobs(): Promise<number> {
  const { stack } = suite;
  const url = `${stack.productAi.url}/__emulator/jobs?key=${encodeURIComponent(stack.productAiKey)}`;
  return ((await (await fetch(url)).json()) as { jobs: unknown[] }).jobs.length;
}

/** The shop's generations waiting to be sent to ProductAI or being sent, as the app records them. */
async function unsentGenerations(): Promise<number> {
  const redis = await connectRedis(suite.stack.redis.url, { name: 'browser-test' });
  try {
    const counts = await stackGenerationStore(redis).countByState(suite.stack.shop);
    return counts.queued + counts.submitting + counts.uncertain;
  } finally {
    await closeRedis(redis);
  }
}

/** The demo store's largest collection (one holds at least 60 products). */
async function largestCollection(): Promise<{ title: string; size: number }> {
  const sizes = new Map<string, number>();
  for (const product of await demoProducts(suite.stack)) {
    for (const collection of product.collections) {
      sizes.set(collection.title, (sizes.get(collection.title) ?? 0) + 1);
    }
  }
  const [title, size] = [...sizes].sort((a, b) => b[1] - a[1])[0]!;
  return { title, size };
}

test(
  'a bulk run over a collection shows its estimate and progress, and cancel stops new requests',
  async () => {
    const { admin } = suite;
    const collection = await largestCollection();
    await admin.open('/bulk-runs');
    await admin.app.getByRole('button', { name: 'Select collection' }).click();
    await pickInResourcePicker(admin, 'Select collection', collection.title);
    await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
    await eventually(
      () => admin.app.getByText(`(of ${collection.size} products)`, { exact: false }).isVisible(),
      { timeout: 10_000 },
    ).toBe(true);
    await admin.screenshot('bulk-run-estimate');
    await admin.app.getByRole('button', { name: 'Start bulk run' }).click();
    // It asks first: how many products, for how much, and whether results go live at once.
    const starting = await confirmation(admin, /^Start a bulk run on \d+ products\?$/);
    expect(
      await starting
        .getByText(/^\d+ products are sent to ProductAI, for \d+ credits\.$/)
        .isVisible(),
    ).toBe(true);
    expect(
      await starting
        .getByText(
          'Results go live on the products at once, without review (your Publishing setting).',
        )
        .isVisible(),
    ).toBe(true);
    await screenshotBothWidths(admin, 'confirm-bulk-run-start');
    await confirm(admin, 'Start bulk run');

    const run = admin.app.getByRole('heading', { name: new RegExp(collection.title) });
    await eventually(() => run.isVisible(), { timeout: 10_000 }).toBe(true);
    await eventually(() => admin.app.getByText(/^\d+ published$/).count(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toBeGreaterThan(0);
    expect(await admin.app.getByRole('progressbar').count()).toBeGreaterThan(0);
    await admin.screenshot('bulk-run-progress');

    // Cancel asks first, with what it stops; Keep running leaves the run running (the dialog
    // once paired "Cancel" with "Cancel run").
    const cancelRun = admin.app.getByRole('button', { name: 'Cancel run' });
    const runTitle = (await run.textContent())!;
    await cancelRun.click();
    const cancelling = await confirmation(admin, `Cancel “${runTitle}”?`);
    expect(
      await cancelling
        .getByText(/^[1-9]\d* products? not sent yet (is|are) not made, and cost nothing\.$/)
        .isVisible(),
    ).toBe(true);
    expect(
      await cancelling
        .getByText(/Nothing made is discarded, so no credit already spent is lost\.$/)
        .isVisible(),
    ).toBe(true);
    await screenshotBothWidths(admin, 'confirm-bulk-run-cancel');
    expect(await cancelling.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await confirm(admin, 'Keep running');
    expect(await admin.app.getByText('Cancelled', { exact: true }).count()).toBe(0);

    await cancelRun.click();
    await confirmation(admin, /^Cancel “/);
    await confirm(admin, 'Cancel run');
    await eventually(() => admin.app.getByText('Cancelled', { exact: true }).isVisible(), {
      timeout: 10_000,
    }).toBe(true);
    await eventually(() => admin.app.getByText(/^\d+ cancelled$/).count(), {
      timeout: 10_000,
    }).toBeGreaterThan(0);
    // A request already on its way when the run was cancelled may still land: once none of the
    // shop's generations waits to be sent or is being sent, what ProductAI got is final.
    await eventually(unsentGenerations).toBe(0);
    const sentAfterCancel = await submittedJobs();
    expect(sentAfterCancel).toBeLessThan(collection.size);
    // Proving that nothing happens takes a wait: three seconds, many dispatcher rounds.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await submittedJobs()).toBe(sentAfterCancel);
    await admin.screenshot('bulk-run-cancelled');

    // Activity opens filtered to this run, named as on Bulk runs (target and start time).
    const runName = (await run.textContent())!;
    await admin.app.getByRole('link', { name: 'See its generations' }).click();
    await eventually(() => admin.app.getByRole('heading', { name: 'Activity' }).isVisible()).toBe(
      true,
    );
    await eventually(() =>
      admin.app.getByRole('heading', { name: `Bulk run: ${runName}` }).isVisible(),
    ).toBe(true);
    const runFilter = admin.app.getByLabel('Bulk run');
    await eventually(async () =>
      runFilter.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
    ).toBe(runName);
    await admin.screenshot('activity-bulk-run');
  },
  3 * RESULT_TIMEOUT_MS,
);
