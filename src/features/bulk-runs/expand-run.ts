/**
 * Expands one page of a bulk run into generations. Called again and again by the bulk runner
 * (bulk-runner.ts) while the run is running, its window of waiting generations has room, and
 * pages remain. Only the current page is ever in memory.
 *
 * Per product, in this order:
 *  1. claim it for the run (at most once per run, even when a crashed page is processed again);
 *  2. build its generations (product-intake.ts: one, or with "one per colour" one per value of
 *     a product whose variants have their own images): a product the model cannot serve (no image) is skipped
 *     and counted (unprocessable), with no generation: the run card says it once for the run,
 *     where a failed generation per product read as a failure to retry;
 *  3. unless the run includes them, skip (and count) a product that already carries a result of
 *     this app made with the same options (one lookup per page: publish/published-results.ts);
 *  4. reserve its credits against the budget (atomic): every option's and every value's, since each is its own
 *     charged request; when the budget cannot cover them, the product is skipped for budget.
 *     The run goes on reading the target so each product is counted for its own reason, as
 *     the estimate counts it (app-api/run-outcome.ts): a product without an image after the
 *     budget ran out is "no image", not "over budget";
 *  5. create and schedule its generations (bulk priority) in the fair scheduler, all in one
 *     atomic step within the shop's cap of generations not yet final (a shop at its cap makes
 *     the run wait, as a full window does, and the run records since when, which its card shows
 *     until it adds a product again): with options, one per option in one option group,
 *     which then waits for the merchant's choice in review.
 */
import type { CodedText } from '../../app-api/error-codes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import {
  type Pipeline,
  StaleTransitionError,
  type Generation,
  type GenerationStore,
  type PipelineConfig,
  PENDING_STATES,
  PENDING_CAP_CODE,
  type PublishedResults,
  type AdminGraphql,
  newGenerationId,
  asCandidates,
  toldWhy,
} from '../../pipeline/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { BulkRun } from './bulk-run.ts';
import type { BulkRunStore } from './bulk-run-store.ts';
import { bulkProductIntake } from './product-intake.ts';
import { TargetGoneError, readProductPage, type PageProduct } from './product-pages.ts';

export const BULK_PAUSED_REASON: CodedText = { code: 'reason_bulk_paused' };
export const BULK_PAUSED_ACTION: CodedText = { code: 'action_bulk_resume' };
export const BULK_CANCELLED_REASON: CodedText = { code: 'reason_bulk_cancelled' };

/** `enqueueWithinQuota` and `requeue` are the pipeline's: they put generations in its line. */
export interface BulkDeps extends Pick<Pipeline, 'enqueueWithinQuota' | 'requeue' | 'forecaster'> {
  /** The per-shop caps (config quotas): runs at once, generations not yet final. */
  quotas: PipelineConfig['quotas'];
  /** How long a run may stay paused before it expires (config expiry.pausedMs). */
  expiry: Pick<PipelineConfig['expiry'], 'pausedMs'>;
  runs: BulkRunStore;
  generations: GenerationStore;
  publishedResults: PublishedResults;
  admin(shop: string): Promise<AdminGraphql>;
  clock: Clock;
  logger: Logger;
}

export interface ExpansionLimits {
  /** Products read per Admin query. */
  pageSize: number;
  /** Generations of one run allowed to wait in the scheduler at once. */
  window: number;
}

export const DEFAULT_EXPANSION_LIMITS: ExpansionLimits = { pageSize: 25, window: 50 };

/** `more`: call again now; `window_full`: call again later; `finished`: nothing left to do. */
export type ExpansionStep = 'more' | 'window_full' | 'finished';

const WAITING_STATES = ['queued', 'paused', 'submitting'] as const;

export async function expandNextPage(
  shop: string,
  runId: string,
  deps: BulkDeps,
  limits: ExpansionLimits,
): Promise<ExpansionStep> {
  const run = await deps.runs.get(shop, runId);
  if (!run || run.state !== 'running' || run.expansionDone) return 'finished';
  const counts = await deps.generations.countByState(shop, { bulkRunId: runId });
  const waiting = WAITING_STATES.reduce((sum, state) => sum + counts[state], 0);
  if (waiting >= limits.window) return 'window_full';
  // The shop at its cap of generations not yet final: the run waits, as for a full window, and
  // goes on as they finish (each product is still checked against the cap when it is added).
  if ((await shopPending(deps, shop)) >= deps.quotas.pendingPerShop) {
    await noteAtCap(deps, run, true);
    return 'window_full';
  }

  const admin = await deps.admin(shop);
  let page;
  try {
    page = await readProductPage(
      admin,
      run.target,
      run.cursor,
      limits.pageSize,
      run.imagesPerProduct,
    );
  } catch (error) {
    if (!(error instanceof TargetGoneError)) throw error;
    // The collection was deleted mid-run: nothing more to expand; what was queued still runs.
    deps.logger.info({ shop, runId }, 'bulk run target no longer exists');
    await deps.runs.recordPage(shop, runId, { cursor: run.cursor, expanded: 0, done: true });
    return 'finished';
  }
  const done = run.includeDone
    ? new Set<string>()
    : await deps.publishedResults.alreadyDone(
        shop,
        run.kind,
        run.params,
        page.products.map((product) => product.id),
      );
  for (const product of page.products) {
    const outcome = await expandProduct(run, admin, product, done.has(product.id), deps);
    if (outcome === 'run_stopped') return 'finished';
    // The page is read again later; its products already added are skipped by their claims.
    if (outcome === 'shop_full') {
      await noteAtCap(deps, run, true);
      return 'window_full';
    }
    if (outcome === 'created') await noteAtCap(deps, run, false);
  }
  const last = page.nextCursor === null;
  await deps.runs.recordPage(shop, runId, {
    cursor: page.nextCursor,
    expanded: page.consumed,
    done: last,
    // Deleted since they were chosen: the estimate's tally counts them as unprocessable too.
    gone: page.consumed - page.products.length,
  });
  return last ? 'finished' : 'more';
}

type ProductOutcome = 'created' | 'skipped' | 'run_stopped' | 'shop_full';

/**
 * Keeps the run's record of waiting at the shop's cap true (its card says why it waits), written
 * only when it changes. `run` is as read at the start of this step; a page of products adds
 * several, so it is updated in place once cleared.
 */
async function noteAtCap(deps: BulkDeps, run: BulkRun, atCap: boolean): Promise<void> {
  if ((run.atCapSince !== null) === atCap) return;
  const since = atCap ? new Date(deps.clock.now()).toISOString() : null;
  await deps.runs.setAtCap(run.shop, run.id, since);
  run.atCapSince = since;
}

async function shopPending(deps: BulkDeps, shop: string): Promise<number> {
  const counts = await deps.generations.countByState(shop);
  return PENDING_STATES.reduce((sum, state) => sum + counts[state], 0);
}

/** What the claim of a skipped product holds: why it was skipped. */
const DONE_MARKER = 'already-done';
const NO_IMAGE_MARKER = 'no-image';
const OVER_BUDGET_MARKER = 'over-budget';

async function expandProduct(
  run: BulkRun,
  admin: AdminGraphql,
  product: PageProduct,
  alreadyDone: boolean,
  deps: BulkDeps,
): Promise<ProductOutcome> {
  const { shop, id: runId } = run;
  if (!(await deps.runs.claimProduct(shop, runId, product.id))) {
    if (await alreadyExpanded(run, product.id, deps)) return 'skipped';
  }
  const intake = await bulkProductIntake(
    admin,
    { ...run, shop, bulkRunId: runId },
    product,
    newGenerationId(deps.clock.now()),
  );
  if (!intake.ok) {
    await deps.runs.recordSkip(shop, runId, product.id, NO_IMAGE_MARKER, 'skippedUnprocessable');
    return 'skipped';
  }
  if (alreadyDone) {
    await deps.runs.recordSkip(shop, runId, product.id, DONE_MARKER, 'skippedDone');
    return 'skipped';
  }
  // Every option's or every value's credits: each is its own charged request.
  const results = intake.generations.length * run.options;
  if (!(await deps.runs.reserveCredits(shop, runId, intake.credits * results))) {
    const now = await deps.runs.get(shop, runId);
    if (now?.state !== 'running') return 'run_stopped';
    await deps.runs.recordSkip(shop, runId, product.id, OVER_BUDGET_MARKER, 'skippedForBudget');
    return 'skipped';
  }
  // The product's generations together, within the shop's cap: past it, none is made and its
  // credits go back; the product is added when the run looks again (its claim holds no id yet).
  let generations: Generation[];
  try {
    generations = await deps.enqueueWithinQuota(
      intake.generations.flatMap((made) => asCandidates(made, run.options, deps.clock.now())),
    );
  } catch (error) {
    if (!(error instanceof AppError && error.code === PENDING_CAP_CODE)) throw error;
    await deps.runs.releaseCredits(shop, runId, intake.credits * results);
    return 'shop_full';
  }
  const made = run.eachVariant ? { set: intake.set, results } : undefined;
  await deps.runs.recordClaim(shop, runId, product.id, generations[0]!.id, made);
  // Paused or cancelled while this product was being added: the action's sweep of waiting
  // generations may have run before they existed, so they hold themselves back the same way.
  const now = await deps.runs.get(shop, runId);
  if (now && now.state !== 'running') {
    for (const generation of generations) await holdBack(now, generation, deps);
    return 'run_stopped';
  }
  return 'created';
}

/**
 * Holds a waiting generation of a run that is no longer running: `paused` with the run (its
 * resume puts it back in line) or `cancelled` with it (its reserved credits are released), with
 * `cancelledReason` (the run's expiry says it was paused too long).
 * One that has moved on meanwhile (submitted) is left alone: it lands.
 */
export async function holdBack(
  run: BulkRun,
  generation: Generation,
  deps: Pick<BulkDeps, 'generations' | 'runs'>,
  cancelledReason: CodedText | string = BULK_CANCELLED_REASON,
): Promise<void> {
  const cancelled = run.state === 'cancelled';
  try {
    await deps.generations.transition(run.shop, generation.id, {
      from: cancelled ? ['queued', 'paused'] : ['queued'],
      to: cancelled ? 'cancelled' : 'paused',
      patch: cancelled
        ? { ...toldWhy(cancelledReason), pausedBy: null }
        : { ...toldWhy(BULK_PAUSED_REASON, BULK_PAUSED_ACTION), pausedBy: 'bulk-run' },
      note: cancelled ? 'bulk run cancelled' : 'bulk run paused',
    });
    if (cancelled) await deps.runs.releaseCredits(run.shop, run.id, generation.estimatedCredits);
  } catch (error) {
    if (!(error instanceof StaleTransitionError)) throw error;
  }
}

/** A claim without a generation id: did the crashed attempt create the generation anyway? */
async function alreadyExpanded(run: BulkRun, productId: string, deps: BulkDeps): Promise<boolean> {
  if (await deps.runs.claimOf(run.shop, run.id, productId)) return true;
  // A set's generations too, so the run counts the set it made (at most 100 values a product).
  const { generations } = await deps.generations.list(
    run.shop,
    { bulkRunId: run.id, productId },
    { limit: run.eachVariant ? 100 : 1 },
  );
  const existing = generations.at(-1);
  if (existing) {
    const made = run.eachVariant
      ? { set: existing.variant != null, results: generations.length }
      : undefined;
    await deps.runs.recordClaim(run.shop, run.id, productId, existing.id, made);
  }
  return existing !== undefined;
}
