/**
 * The experiments' one job handler, `look` (experiment-runner.ts runs it when the experiment is
 * due): a job carries ids only, and the handler reloads the experiment and decides from its
 * state, so running it twice, or again after a crash at any point, does nothing more than once.
 *
 * running: make sure the storefront has it (the event store's experiment open, the arms'
 *   metafield written: idempotent, so a start that died half way is repaired), read the
 *   complete days' totals and analyse them; a decision (or the maximum duration) ends it
 *   (`endExperiment`), else it is due again at the next day's look.
 * ended (not finished): the end's steps, each safe to repeat, then `finished` (unless the end
 *   kept another arm while they ran, the merchant keeping an "ask" end's winner: then again):
 *   1. the featured image: when the end keeps an arm, the decision (is one of the arms still the
 *      featured image, or did the merchant choose another by hand?) is recorded BEFORE anything
 *      is touched, so a repeat after a crash acts on the first look; `set` moves the kept arm's
 *      media to the front with the publish machinery's reorder (a repeat moves it again: the
 *      same order), `edited` leaves the merchant's choice (or a campaign's, which claimed the
 *      product before the decision: campaign-claims.ts);
 *   2. the losers: when the end keeps an arm (`set`) and the experiment was started so, the
 *      other arms' images leave the product, kept in Files (loser-media.ts);
 *   3. the event store's experiment closed (no more events counted);
 *   4. the arms' metafield deleted (the storefront shows the product as it is);
 *   5. the Flow trigger "Image experiment concluded", marked sent once Flow took it.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import {
  createShopifyFiles,
  ShopifyFilesError,
  type AdminGraphql,
  type ReviewDeps,
} from '../../pipeline/index.ts';
import type { ExperimentEndReason } from '../../app-api/experiments.ts';
import { analyse, upliftPercent } from './analysis.ts';
import { sendConcluded } from './concluded-trigger.ts';
import { dayOf } from './counters.ts';
import type { ExperimentEventStore } from './event-store.ts';
import { ExperimentStateError, type Experiment, type ExperimentArmId } from './experiment.ts';
import type { ExperimentStore } from './experiment-store.ts';
import type { ExperimentsPixel } from './experiments-pixel.ts';
import { removeLosers } from './loser-media.ts';
import { deleteStorefrontArms, writeStorefrontArms } from './storefront-arms.ts';

const DAY_MS = 86_400_000;
/** Each day's look runs this long after the UTC day ends: the day's last batches are in. */
export const LOOK_AFTER_DAY_END_MS = 5 * 60_000;

export interface StepDeps {
  store: ExperimentStore;
  events: ExperimentEventStore;
  pixel: ExperimentsPixel;
  admin(shop: string): Promise<AdminGraphql>;
  /** The publish machinery's undo, for losing AI photos that leave the product. */
  review: ReviewDeps;
  clock: Clock;
  logger: Logger;
}

/** When the day's look after `nowMs` runs. */
export const nextLookAt = (nowMs: number) => (dayOf(nowMs) + 1) * DAY_MS + LOOK_AFTER_DAY_END_MS;

/** The event store's days: the start's (partial) day, then the maximum duration. */
export const eventDays = (experiment: Pick<Experiment, 'maxDays'>) => experiment.maxDays + 1;

/**
 * Opens the experiment to events, makes sure the shop's web pixel runs (created by the shop's
 * first experiment) and shows its arms on the storefront (all three idempotent).
 */
export async function goLive(deps: StepDeps, experiment: Experiment): Promise<void> {
  await deps.events.open(experiment.shop, {
    id: experiment.id,
    arms: experiment.arms.map((arm) => arm.arm),
    startsAtMs: Date.parse(experiment.startedAt),
    days: eventDays(experiment),
  });
  const admin = await deps.admin(experiment.shop);
  await deps.pixel.ensure(experiment.shop, admin);
  await writeStorefrontArms(admin, experiment);
}

/** What ends an experiment, and which arm it keeps as the featured image. */
export type EndRequest =
  | { why: 'decided'; winner: ExperimentArmId }
  | { why: 'stopped_keep_ai' | 'stopped_keep_original' }
  | { why: Exclude<ExperimentEndReason, 'decided' | 'stopped_keep_ai' | 'stopped_keep_original'> };

/**
 * Records the end (atomic: the first end wins, a later one throws ExperimentStateError), with the
 * uplift as of now, and leaves the steps to the runner (due at once).
 */
export async function endExperiment(
  deps: Pick<StepDeps, 'store' | 'events' | 'clock'>,
  experiment: Experiment,
  request: EndRequest,
): Promise<Experiment> {
  const totals = await deps.events.totals(experiment.shop, experiment.id, deps.clock.now());
  const { report } = analyse(experiment, totals ?? []);
  const treatments = report?.treatments ?? [];
  const best = treatments.reduce<(typeof treatments)[number] | null>(
    (a, b) => (a === null || b.relative.estimate > a.relative.estimate ? b : a),
    null,
  );
  const armOf = (index: number) => experiment.arms[index]!.arm;
  let winner: ExperimentArmId | null = null;
  let keep: ExperimentArmId | null = null;
  if (request.why === 'decided') {
    winner = request.winner;
    keep = experiment.endAction === 'keep_winner' ? winner : null;
  } else if (request.why === 'stopped_keep_original') {
    winner = keep = 'control';
  } else if (request.why === 'stopped_keep_ai') {
    // The AI photo doing best so far; the first one before any visitor came.
    winner = keep = best ? armOf(best.arm) : 'ai1';
  }
  const shown =
    winner !== null && winner !== 'control'
      ? treatments.find((treatment) => armOf(treatment.arm) === winner)
      : best;
  const uplift = shown ? upliftPercent(shown.relative) : null;
  return deps.store.end(experiment.shop, experiment.id, { why: request.why, winner, keep, uplift });
}

export type LookOutcome = 'running' | 'ended' | 'gone';

export async function look(deps: StepDeps, shop: string, id: string): Promise<LookOutcome> {
  let experiment = await deps.store.get(shop, id);
  if (!experiment || experiment.finished) return 'gone';
  if (experiment.state === 'running') {
    await goLive(deps, experiment);
    const now = deps.clock.now();
    // Complete days only: a look never reads a day still being counted.
    const totals = await deps.events.totals(shop, id, dayOf(now) * DAY_MS - 1);
    const { report } = analyse(experiment, totals ?? []);
    if (!report || report.status === 'running') {
      await deps.store.nextLook(shop, id, nextLookAt(now));
      return 'running';
    }
    try {
      experiment =
        report.status === 'winner'
          ? await endExperiment(deps, experiment, {
              why: 'decided',
              winner: experiment.arms[report.winner!]!.arm,
            })
          : await endExperiment(deps, experiment, { why: 'no_clear_winner' });
    } catch (error) {
      if (!(error instanceof ExperimentStateError)) throw error;
      experiment = (await deps.store.get(shop, id))!; // ended meanwhile: that end stands
    }
  }
  if (!(await runEndSteps(deps, experiment))) return look(deps, shop, id);
  return 'ended';
}

/** The end's steps; false when the end kept another arm meanwhile (they are to run again). */
async function runEndSteps(deps: StepDeps, experiment: Experiment): Promise<boolean> {
  const { shop, id, productId, end } = experiment;
  if (!end) throw new Error(`experiment ${id} ended without its end`);
  const admin = await deps.admin(shop);
  const kept = experiment.arms.find((arm) => arm.arm === end.keep);
  if (kept) {
    const files = createShopifyFiles(admin);
    const featured = await files.featuredMediaId(productId);
    const ours = experiment.arms.some((arm) => arm.media === featured);
    const decision = await deps.store.decideFeatured(experiment, ours ? 'set' : 'edited');
    if (decision === 'set' && featured !== kept.media) {
      await files.makeFeatured(productId, kept.media).catch((error: unknown) => {
        // The merchant deleted that media meanwhile: nothing to keep.
        if (!(error instanceof ShopifyFilesError && error.code === 'user_error')) throw error;
      });
    }
    // The merchant's own featured image ("edited") leaves the product's media to them too.
    if (decision === 'set') await removeLosers(deps.review, experiment, kept.arm);
  }
  await deps.events.close(shop, id);
  await deleteStorefrontArms(admin, productId);
  if (!(await deps.store.flowSent(shop, id))) {
    await sendConcluded(admin, experiment, end);
    await deps.store.markFlowSent(shop, id);
  }
  if (!(await deps.store.finish(experiment))) return false;
  deps.logger.info({ shop, experimentId: id, why: end.why, keep: end.keep }, 'experiment ended');
  return true;
}
