/**
 * Gives results the report the fidelity check writes for a changed product, for the browser
 * tests of where the merchant sees the check. The stack's app runs as processes configured by
 * environment only (dev/stack.ts), so the scripted checker of the pipeline tests
 * (test/support/fidelity.ts) cannot be handed to them, and a change the ProductAI emulator makes
 * (its change orders) gets the real check's region and wording, which these tests of the pages do
 * not pin: the report (the scripted checker's own) is written by the generation store's patch,
 * as attach writes it (the record's `fidelity` field and the run's index by verdict). The real
 * check on an emulated change: test/pipeline/publish/fidelity-guard-emulated.test.ts.
 * Everything that reads it is the real app: the API's views and filters, the batches by
 * verdict, the page.
 */
import { closeRedis, connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { generationKeys } from '../../../src/pipeline/generations/keys.ts';
import type { FidelityReport } from '../../../src/fidelity/fidelity-report.ts';
import { CHANGED_REPORT } from '../../support/fidelity.ts';
import type { Stack } from './stack.ts';
import { stackGenerationStore } from './stack-generations.ts';

/** The scripted changed report, in the plain wording the check writes (one finding, where). */
export const CHANGED_WHITE_PART: FidelityReport = {
  ...CHANGED_REPORT,
  checks: { ...CHANGED_REPORT.checks, colour: { deltaE: 14, where: 'the white part' } },
  findings: ['the white part has another colour'],
  findingTexts: [{ code: 'finding_part_colour', params: { colour: { code: 'colour_white' } } }],
};

/**
 * Marks `count` of the results waiting for review as changed (the shop's, or only a bulk run's);
 * returns their ids.
 */
export async function markChanged(
  stack: Stack,
  count: number,
  bulkRunId?: string,
  report: FidelityReport = CHANGED_WHITE_PART,
): Promise<string[]> {
  const redis = await connectRedis(stack.redis.url, { name: 'browser-test' });
  try {
    const index = bulkRunId
      ? generationKeys.byBulkRunState(stack.shop, bulkRunId, 'in_review')
      : generationKeys.byState(stack.shop, 'in_review');
    const ids = await redis.zrange(index, 0, String(count - 1));
    if (ids.length < count) throw new Error(`only ${ids.length} results wait for review`);
    await writeReport(redis, stack.shop, ids, report);
    return ids;
  } finally {
    await closeRedis(redis);
  }
}

/** The product titles of these generations, as their records hold them (each field JSON). */
export async function productTitles(stack: Stack, ids: readonly string[]): Promise<string[]> {
  const redis = await connectRedis(stack.redis.url, { name: 'browser-test' });
  try {
    const titles = [];
    for (const id of ids) {
      const field = await redis.hget(generationKeys.record(stack.shop, id), 'productTitle');
      titles.push(JSON.parse(field!) as string);
    }
    return titles;
  } finally {
    await closeRedis(redis);
  }
}

/** Gives these generations (by id) the changed report, as markChanged does. */
export async function markChangedIds(
  stack: Stack,
  ids: readonly string[],
  report: FidelityReport = CHANGED_WHITE_PART,
): Promise<void> {
  const redis = await connectRedis(stack.redis.url, { name: 'browser-test' });
  try {
    await writeReport(redis, stack.shop, ids, report);
  } finally {
    await closeRedis(redis);
  }
}

/**
 * Through the generation store's patch, as attach writes a verdict: its script keeps the run's
 * results in review indexed by verdict, which Activity's flagged lists read.
 */
async function writeReport(
  redis: Redis,
  shop: string,
  ids: readonly string[],
  report: FidelityReport,
): Promise<void> {
  const generations = stackGenerationStore(redis);
  const fidelity = { ...report, region: report.region ?? null };
  for (const id of ids) await generations.patch(shop, id, { fidelity });
}
