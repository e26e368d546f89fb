/**
 * What the tests of a ProductAI outage read (the emulator's `jobReadOutage` fault, and one
 * account's job reads refused for its rate limit): how many job reads they failed, and a
 * generation waiting for ProductAI to answer again; and how they end every wait between tests.
 */
import type { Generation } from '../../../../src/pipeline/generations/generation.ts';
import { UNREACHABLE } from '../../../../src/pipeline/receive/productai-waits.ts';
import { afterEach, beforeAll } from 'vitest';
import { startPipelineHarness, type PipelineHarness } from '../../../support/pipeline-stack.ts';
import { until } from '../../../support/until.ts';

/** Job reads the emulator's outage has failed so far. */
export async function jobReadsFailed(h: PipelineHarness): Promise<number> {
  const faults = (await h.productAiControl('GET', '/faults')) as { jobReadOutageCalls: number };
  return faults.jobReadOutageCalls;
}

/** Job reads the emulator refused so far for an account's rate limit (429). */
export async function jobReadsLimited(h: PipelineHarness): Promise<number> {
  const faults = (await h.productAiControl('GET', '/faults')) as { jobReadsLimitedCalls: number };
  return faults.jobReadsLimitedCalls;
}

/**
 * Every job read with the key answers 429 (that account over its rate limit) while `limited`,
 * asking to retry after `retryAfterS` (the emulator's default: 1 s).
 */
export async function limitJobReads(
  h: PipelineHarness,
  apiKey: string,
  limited: boolean,
  retryAfterS?: number,
) {
  await h.productAiControl('PUT', `/accounts/${apiKey}/job-reads-limited`, {
    limited,
    retryAfterS,
  });
}

/** Ends every wait, as answers in every scope would, so the next test starts with none. */
export async function endEveryWait(h: PipelineHarness): Promise<void> {
  const { productAiWaits, productAiBack } = h.pipeline.context;
  for (const scope of await productAiWaits.scopes(null, 1_000))
    await productAiBack(scope === UNREACHABLE ? null : scope);
}

/** Resolves once the generation waits for ProductAI (its read failed, or it joined the outage). */
export function waitingOnProductAi(
  h: PipelineHarness,
  shop: string,
  id: string,
): Promise<Generation> {
  return until(
    'the generation to wait for ProductAI',
    async () => {
      const record = await h.pipeline.generations.get(shop, id);
      return record?.state === 'processing' && record.waitingFor?.on === 'productai' && record;
    },
    { deadlineMs: 60_000 },
  );
}

const HOUR = 60 * 60_000;

/**
 * The pipeline for a test that drives ProductAI's outage itself: the workers' own reads and
 * probe wait an hour (never within a test), the outage's ceiling is `ceilingMs`; after each test
 * every fault, every account's limit and every wait ends, so the next starts with nothing
 * waiting. `stack.h` is the harness once the file's set-up ran.
 */
export function outageStack(ceilingMs: number): { readonly h: PipelineHarness } {
  let harness: PipelineHarness | undefined;
  beforeAll(async () => {
    harness = await startPipelineHarness({
      emulator: { jobMs: 100 },
      config: {
        awaiting: {
          outageCeilingMs: ceilingMs,
          outageFirstDelayMs: HOUR,
          outageMaxDelayMs: HOUR,
          probeEveryMs: HOUR,
        },
      },
    });
  });
  afterEach(async () => {
    await harness!.productAiControl('DELETE', '/faults');
    await endEveryWait(harness!);
    await harness!.quiet();
  });
  return {
    get h() {
      if (!harness) throw new Error('the pipeline harness is not started yet');
      return harness;
    },
  };
}
