/**
 * `view`: the run as the app shows it, with its progress counts by state (the generation store's
 * per-run counters), its outcome (run-outcome.ts, as the estimate computed it), the campaign that
 * started it and, while it runs, its forecast and why it waits when the shop's cap holds it; a
 * run that expired after staying paused too long says so.
 */
import type {
  BulkRunWaiting,
  BulkVariantSets,
  GenerationState,
} from '../../../app-api/contract.ts';
import { runOutcome } from '../../../app-api/run-outcome.ts';
import { isTerminal, bulkRunAtCapMessage, expiryPeriod } from '../../../pipeline/index.ts';
import { englishText, type CodedText } from '../../../app-api/error-codes.ts';
import { runExpiredMessage } from './expire.ts';
import type { BulkRun } from '../bulk-run.ts';
import type { BulkRuns, BulkRunsDeps } from './types.ts';

export function view(
  deps: Pick<BulkRunsDeps, 'generations' | 'forecaster' | 'quotas' | 'expiry'>,
): BulkRuns['view'] {
  return async (run, campaign = null) => {
    const counts = await deps.generations.countByState(run.shop, { bulkRunId: run.id });
    const active = Object.entries(counts).some(
      ([state, count]) => count > 0 && !isTerminal(state as GenerationState),
    );
    return {
      id: run.id,
      title: run.title,
      target: run.target,
      kind: run.kind,
      params: run.params,
      state: run.state === 'running' && run.expansionDone && !active ? 'completed' : run.state,
      productCount: run.productCount,
      expandedCount: run.expandedCount,
      options: run.options,
      estimatedCredits: run.estimatedCredits,
      creditBudget: run.creditBudget,
      creditsCommitted: run.creditsCommitted,
      skippedForBudget: run.skippedForBudget,
      skippedUnprocessable: run.skippedUnprocessable,
      skippedDone: run.skippedDone,
      includeDone: run.includeDone,
      outcome: outcomeOf(run),
      campaign,
      counts,
      schedule: await scheduleOf(deps, run, counts),
      waiting: waitingOf(run, deps.quotas.pendingPerShop),
      expired: run.expiredAt
        ? { at: run.expiredAt, ...said(runExpiredMessage(expiryPeriod(deps.expiry.pausedMs))) }
        : null,
      eachVariant: run.eachVariant,
      variantSets: variantSetsOf(run),
      createdAt: run.createdAt,
      updatedAt: run.updatedAt,
    };
  };
}

/** Waiting for places under the shop's cap: only while the run still has products to add. */
function waitingOf(run: BulkRun, cap: number): BulkRunWaiting | null {
  if (run.state !== 'running' || run.expansionDone || run.atCapSince === null) return null;
  return { cause: 'pending_cap', since: run.atCapSince, ...said(bulkRunAtCapMessage(cap)) };
}

/** A card line in English and coded. */
function said(text: CodedText): { message: string; messageText: CodedText } {
  return { message: englishText(text), messageText: text };
}

/**
 * What the run makes and skips: while products remain unread, the estimate's figures (or the
 * run's own where it has already found more); once every product is read, the run's own counts,
 * which then match the estimate's (expansion classifies every product as the estimate does).
 */
function outcomeOf(run: BulkRun) {
  const read = run.expansionDone;
  return runOutcome({
    productCount: run.productCount ?? run.expandedCount,
    noImage: read
      ? run.skippedUnprocessable
      : Math.max(run.skippedUnprocessable, run.plannedNoImage),
    alreadyDone: read ? run.skippedDone : Math.max(run.skippedDone, run.plannedAlreadyDone),
    includeDone: run.includeDone,
    options: run.options,
    creditsPerProduct: run.creditsPerProduct,
    creditBudget: run.creditBudget,
    ...(run.eachVariant
      ? read
        ? {
            variantExtra: run.variantResults - run.variantProducts,
            overBudget: run.skippedForBudget,
          }
        : { variantExtra: extraOf(variantSetsOf(run)) }
      : {}),
  });
}

/** The run's own sets once it has read every product, the estimate's until then. */
function variantSetsOf(run: BulkRun): BulkVariantSets | null {
  if (!run.eachVariant) return null;
  const own = {
    option: run.eachVariant.option ?? null,
    products: run.variantProducts,
    results: run.variantResults,
    single: run.variantSingle,
  };
  const planned = run.plannedVariantSets;
  if (run.expansionDone || !planned) return own;
  return extraOf(own) > extraOf(planned) ? own : planned;
}

function extraOf(sets: BulkVariantSets | null): number {
  return sets ? sets.results - sets.products : 0;
}

/** A running run's forecast: its queued generations and the products not yet expanded. */
async function scheduleOf(
  deps: Pick<BulkRunsDeps, 'forecaster'>,
  run: BulkRun,
  counts: Record<GenerationState, number>,
) {
  if (run.state !== 'running') return null;
  // Products not expanded yet send one request per option each.
  const notExpanded = run.expansionDone
    ? 0
    : Math.max(0, (run.productCount ?? run.expandedCount) - run.expandedCount) * run.options;
  return deps.forecaster.forecast(run.shop, run.kind, counts.queued + notExpanded, counts.queued);
}
