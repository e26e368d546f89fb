/**
 * The two timed phases of a campaign, the ONE place its job handlers are registered
 * (`CAMPAIGN_PHASES`). A job carries ids only; a handler reloads the campaign and its run's
 * generations and decides from their states, so running it twice, or again after a crash at any
 * point, does nothing more than once:
 *
 * start: scheduled -> live (atomic), then every held result (in_review) ends its product's image
 *   experiment (if any) and moves to `saving` with one atomic transition each and verify publishes it as the featured image (the campaign
 *   hold says so now; verify remembers the previous featured image for the undo). A repeat
 *   finds the moved ones in `saving` and only re-enqueues their verify (deduplicated).
 *
 * end (also after cancel): live|scheduled -> ended (atomic), the run stops (waiting products
 *   are cancelled, their credits released), then per result:
 *   - published: the decision (is our result still the featured image, or did the merchant
 *     change it by hand?) is recorded BEFORE anything is touched, so a repeat after a crash
 *     acts on the first look, not on a product it half-restored. `restore` takes it off the
 *     product with the app's undo (review-actions.ts); `edited` leaves the product as the
 *     merchant made it and lists it in the report;
 *   - held (in_review): discarded and its file deleted (it was never on a product);
 *   - still being generated: the sweep comes back later, until none is left.
 */
import type { CodedText } from '../../app-api/error-codes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { BulkRuns } from '../bulk-runs/bulk-runs.ts';
import { BulkRunStateError } from '../bulk-runs/bulk-run.ts';
import {
  StaleTransitionError,
  isTerminal,
  type Generation,
  type GenerationStore,
  takeOffProduct,
  type ReviewDeps,
  wasApprovedByMerchant,
  createShopifyFiles,
  toldWhy,
} from '../../pipeline/index.ts';
import { CampaignStateError, type Campaign, type TakeDownDecision } from './campaign.ts';
import type { CampaignStore } from './campaign-store.ts';

export type CampaignPhase = 'start' | 'end';

export type PhaseOutcome = { status: 'done' } | { status: 'later'; delayMs: number };
const DONE: PhaseOutcome = { status: 'done' };

export interface PhaseDeps extends ReviewDeps {
  campaigns: CampaignStore;
  runs: Pick<BulkRuns, 'cancel'>;
  clock: Clock;
  logger: Logger;
  /** How long the end sweep waits for results still being generated before looking again. */
  sweepRecheckMs: number;
  /** Schedules a phase's job at an instant (ms); the runner's. */
  schedule(shop: string, id: string, phase: CampaignPhase, atMs: number): Promise<void>;
  /**
   * Called before a result goes live as the product's featured image: the campaign claims the
   * product from the image experiments and its experiment ends first (the campaign wins,
   * src/features/experiments/README.md).
   */
  beforeFeatured(shop: string, productId: string, campaignId: string): Promise<void>;
}

export type PhaseHandler = (deps: PhaseDeps, shop: string, id: string) => Promise<PhaseOutcome>;

export const CAMPAIGN_ENDED_REASON: CodedText = { code: 'reason_campaign_ended' };
export const NEVER_SHOWN_REASON: CodedText = { code: 'reason_campaign_never_shown' };

const goLive: PhaseHandler = async (deps, shop, id) => {
  let campaign = await deps.campaigns.get(shop, id);
  if (!campaign) return DONE;
  if (campaign.state === 'scheduled') {
    const wait = Date.parse(campaign.startsAt) - deps.clock.now();
    if (wait > 0) return { status: 'later', delayMs: wait };
    campaign = await moveState(deps, campaign, ['scheduled'], 'live', 'start');
  }
  if (campaign.state !== 'live' || campaign.released) return DONE;
  for await (const generation of generationsOf(deps.generations, campaign)) {
    if (generation.state === 'in_review') {
      if (campaign.reviewFirst && !wasApprovedByMerchant(generation)) continue;
      await deps.beforeFeatured(shop, generation.productId, campaign.id);
      try {
        await deps.generations.transition(shop, generation.id, {
          from: ['in_review'],
          to: 'saving',
          note: `The campaign “${campaign.name}” started`,
        });
      } catch (error) {
        if (!(error instanceof StaleTransitionError)) throw error;
        continue; // rejected or moved by someone else meanwhile
      }
      await deps.enqueue('verify', { shop, generationId: generation.id });
    } else if (generation.state === 'saving' && generation.fileId) {
      // Moved by an earlier attempt that died before its verify was queued (deduplicated).
      await deps.enqueue('verify', { shop, generationId: generation.id });
    }
  }
  await deps.campaigns.markReleased(shop, id);
  await deps.schedule(shop, id, 'end', Date.parse(campaign.endsAt));
  deps.logger.info({ shop, campaignId: id }, 'campaign live');
  return DONE;
};

const end: PhaseHandler = async (deps, shop, id) => {
  let campaign = await deps.campaigns.get(shop, id);
  if (!campaign || campaign.restored) return DONE;
  if (campaign.state === 'scheduled' || campaign.state === 'live') {
    const wait = Date.parse(campaign.endsAt) - deps.clock.now();
    if (wait > 0) return { status: 'later', delayMs: wait };
    campaign = await moveState(deps, campaign, ['scheduled', 'live'], 'ended', 'end');
  }
  await deps.runs.cancel(shop, campaign.bulkRunId).catch((error: unknown) => {
    if (!(error instanceof BulkRunStateError)) throw error; // already stopped
  });
  const decisions = await deps.campaigns.decisions(shop, id);
  let inFlight = 0;
  for await (const generation of generationsOf(deps.generations, campaign)) {
    if (generation.state === 'published') {
      const decision = decisions[generation.id] ?? (await decide(deps, campaign, generation));
      if (decision === 'restore') {
        await takeOffProduct(deps, generation, {
          restoreFeatured: true,
          reason: CAMPAIGN_ENDED_REASON,
          note: `The campaign “${campaign.name}” ended`,
        });
      }
    } else if (generation.state === 'in_review') {
      await discardHeld(deps, generation);
    } else if (!isTerminal(generation.state) && generation.state !== 'uncertain') {
      inFlight += 1; // still being generated: its result is held, this sweep comes back for it
    }
  }
  if (inFlight > 0) {
    await deps.campaigns.dueAt(shop, id, deps.clock.now() + deps.sweepRecheckMs);
    return { status: 'later', delayMs: deps.sweepRecheckMs };
  }
  await deps.campaigns.markRestored(shop, id);
  deps.logger.info({ shop, campaignId: id, state: campaign.state }, 'campaign taken down');
  return DONE;
};

/** Every job handler of the campaigns, by phase. */
export const CAMPAIGN_PHASES: Readonly<Record<CampaignPhase, PhaseHandler>> = {
  start: goLive,
  end,
};

/** The phase a campaign is waiting for, or null when it has none left. */
export function pendingPhase(campaign: Campaign): CampaignPhase | null {
  if (campaign.state === 'scheduled') return 'start';
  if (campaign.state === 'live') return campaign.released ? 'end' : 'start';
  return campaign.restored ? null : 'end';
}

async function moveState(
  deps: PhaseDeps,
  campaign: Campaign,
  from: readonly Campaign['state'][],
  to: Campaign['state'],
  action: string,
): Promise<Campaign> {
  try {
    return await deps.campaigns.setState(campaign.shop, campaign.id, from, to, action);
  } catch (error) {
    if (!(error instanceof CampaignStateError)) throw error;
    return (await deps.campaigns.get(campaign.shop, campaign.id)) ?? campaign; // moved meanwhile
  }
}

/**
 * Is our result still what the product shows? It is when it is the featured media, and also
 * when the previous featured media is (Shopify finishes a reorder as a job: right after going
 * live the original may still be in front). Anything else is the merchant's own choice.
 */
async function decide(
  deps: PhaseDeps,
  campaign: Campaign,
  generation: Generation,
): Promise<TakeDownDecision> {
  const files = createShopifyFiles(await deps.admin(campaign.shop));
  const featured = await files.featuredMediaId(generation.productId);
  const ours =
    featured === generation.fileId ||
    (featured !== null && featured === generation.previousFeaturedMediaId);
  return deps.campaigns.decide(
    campaign.shop,
    campaign.id,
    generation.id,
    ours ? 'restore' : 'edited',
  );
}

async function discardHeld(deps: PhaseDeps, generation: Generation): Promise<void> {
  // The file first: a crash after it leaves a discardable generation, never an orphan file.
  if (generation.fileId) {
    await createShopifyFiles(await deps.admin(generation.shop)).delete(generation.fileId);
  }
  try {
    await deps.generations.transition(generation.shop, generation.id, {
      from: ['in_review'],
      to: 'discarded',
      patch: toldWhy(NEVER_SHOWN_REASON),
      note: 'Discarded with its campaign',
    });
  } catch (error) {
    if (!(error instanceof StaleTransitionError)) throw error;
  }
}

/** The run's generations, a page at a time. */
export async function* generationsOf(
  generations: GenerationStore,
  campaign: Campaign,
): AsyncGenerator<Generation> {
  for (let cursor: string | null = null; ;) {
    const page = await generations.list(
      campaign.shop,
      { bulkRunId: campaign.bulkRunId },
      { cursor, limit: 200 },
    );
    yield* page.generations;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
