/**
 * Image experiments, as the merchant works with them: start one on a product (its original
 * featured image against 1 to 3 of its published AI photos), list them, read one with its
 * analysis and its days, stop one keeping the AI photo or the original, keep the winner of one
 * that ended asking; and count the storefront's events of a running one (event-recording.ts).
 *
 * Lifecycle (stored state, each move one atomic Lua step in experiment-store.ts; the work after a
 * move is a job of experiment-runner.ts whose every step is safe to repeat, experiment-steps.ts):
 *
 *   (start) ──► running ──────────────────────────► ended ──(end's steps)──► ended + finished
 *                  │  daily look: decided            ▲   featured image (kept arm), events
 *                  │  or maximum duration ───────────┤   closed, metafield deleted, Flow sent
 *                  │  merchant's stop (keep ai/orig.)┤
 *                  └─ campaign going live / undo ────┘   (these keep no arm: they decide the image)
 *
 *   ended + finished ──(merchant keeps the winner of an "ask" end)──► ended (keeps it) ──► finished
 *
 *   start     refused for AI photos of several clicks (400 photos_not_one_click), on a
 *             product a campaign holds (409 held_by_campaign), one with an
 *             experiment not finished (409 product_in_experiment) or at the shop's cap (409
 *             experiments_at_cap); stored running and due at once, then its storefront part
 *             (event store opened, arms' metafield written) and the first daily look.
 *   running   each daily look (just after the UTC day ends) reads the complete days' totals:
 *             a decision, or the maximum duration, ends it; else due the next day.
 *   ended     the end (why, winner, the arm kept) is recorded with the move, so the first end
 *             wins a race (a look deciding while the merchant stops: one of them, never both);
 *             the product stays held until `finished`, so no new experiment starts on it
 *             before the old one's storefront part is gone.
 *   keep      an end decided with `ask` keeps no arm: the merchant's "keep" records the winner as
 *             the arm kept (once: a repeated click finds it recorded) and runs the end's steps
 *             again, whose featured step then moves it (experiment-steps.ts); refused while a
 *             campaign or another experiment holds the product, the campaign's claim read in the
 *             same step as the keep is written (campaign-claims.ts: the campaign wins).
 */
import type {
  ExperimentDays,
  ExperimentList,
  ExperimentView,
  StartExperimentRequest,
  StopExperimentRequest,
} from '../../app-api/experiments.ts';
import type { CodedText } from '../../app-api/error-codes.ts';
import { AppError } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { AdminClientFactory } from '../../shopify/admin-client.ts';
import { createShopifyFiles, type Generation, type GenerationStore } from '../../pipeline/index.ts';
import type { CampaignOnProduct } from '../campaigns/engine.ts';
import { analyse, chartDays, dailyEstimates, upliftPercent } from './analysis.ts';
import { DEFAULT_STATISTICS } from './statistics/config.ts';
import {
  ExperimentNotFoundError,
  ExperimentStateError,
  type Experiment,
  type ExperimentArm,
  type ExperimentArmId,
} from './experiment.ts';
import { CampaignClaimError } from './campaign-claims.ts';
import type { ExperimentEngine } from './engine.ts';
import type { EventBatch } from './event-batch.ts';
import { createRecordEvents } from './event-recording.ts';

export interface ExperimentsService {
  start(shop: string, request: StartExperimentRequest): Promise<ExperimentView>;
  list(shop: string): Promise<ExperimentList>;
  get(shop: string, id: string): Promise<ExperimentView>;
  /** Its chart's complete days (the list carries their number only). */
  days(shop: string, id: string): Promise<ExperimentDays>;
  stop(shop: string, id: string, request: StopExperimentRequest): Promise<ExperimentView>;
  /** Makes the winner of an end decided with `ask` the featured image; a repeat does nothing. */
  keepWinner(shop: string, id: string): Promise<ExperimentView>;
  /** Counts a storefront visitor's batch of events (the web pixel's), or refuses it with why. */
  recordEvents(batch: EventBatch): Promise<void>;
}

export interface ExperimentsServiceDeps {
  experiments: ExperimentEngine;
  generations: Pick<GenerationStore, 'get'>;
  admin: AdminClientFactory;
  campaignOnProduct: CampaignOnProduct;
  /** The experiments' clock: the day an event counts in is the day their looks read. */
  clock: Clock;
  metrics: Pick<Metrics, 'experimentEvents'>;
}

const AI_ARMS: readonly ExperimentArmId[] = ['ai1', 'ai2', 'ai3'];

const refusal = (text: CodedText, field?: string) =>
  new AppError('conflict', text.code, {
    ...(text.params ? { params: text.params } : {}),
    ...(field ? { fields: { [field]: text } } : {}),
  });

/** Equal shares adding up to 100, the remainder to the control. */
function equalWeights(arms: number): number[] {
  const share = Math.floor(100 / arms);
  return [100 - share * (arms - 1), ...Array<number>(arms - 1).fill(share)];
}

export function createExperimentsService(deps: ExperimentsServiceDeps): ExperimentsService {
  const { experiments, clock } = deps;
  const { store, events } = experiments;
  const recordEvents = createRecordEvents({ store: events, clock, metrics: deps.metrics });

  /** The chart's days end before this day (YYYY-MM-DD): today's, or the end day's, are partial. */
  const chartEnd = (experiment: Experiment) =>
    new Date(experiment.endedAt ?? clock.now()).toISOString().slice(0, 10);

  /**
   * What a card shows, the same size whatever the experiment's age: its figures per arm and its
   * decision; its days are counted, not given (`days`).
   */
  async function view(experiment: Experiment): Promise<ExperimentView> {
    const totals = await events.totals(experiment.shop, experiment.id, clock.now());
    const { report, overall } = analyse(experiment, totals ?? []);
    const running = experiment.state === 'running';
    const chart = chartDays(experiment, totals ?? [], chartEnd(experiment));
    return {
      id: experiment.id,
      productId: experiment.productId,
      arms: experiment.arms.map((arm, index) => {
        const treatment = report?.treatments.find((t) => t.arm === index);
        return {
          ...arm,
          weight: experiment.weights[index]!,
          visitors: overall[index]?.visitors ?? 0,
          conversions: overall[index]?.conversions ?? 0,
          uplift: treatment ? upliftPercent(treatment.relative) : null,
          probabilityBetter: treatment?.probabilityBetter ?? null,
        };
      }),
      goal: experiment.goal,
      minDays: experiment.minDays,
      maxDays: experiment.maxDays,
      endAction: experiment.endAction,
      losers: experiment.losers,
      status: experiment.state,
      day: report?.day ?? 0,
      daysToDecision: running ? (report?.daysToDecision ?? null) : null,
      winner: experiment.end?.winner ?? null,
      why: experiment.end?.why ?? null,
      kept: experiment.end?.keep ?? null,
      completeDays: chart.complete - chart.first,
      settling: !running && !experiment.finished,
      startedAt: experiment.startedAt,
      endedAt: experiment.endedAt,
    };
  }

  async function ofShop(shop: string, id: string): Promise<Experiment> {
    const experiment = await store.get(shop, id);
    if (!experiment) throw new ExperimentNotFoundError();
    return experiment;
  }

  async function refuseHeldByCampaign(shop: string, productId: string): Promise<void> {
    const campaign = await deps.campaignOnProduct(shop, productId);
    if (campaign) {
      throw refusal({ code: 'held_by_campaign', params: { name: campaign.name } }, 'productId');
    }
  }

  /**
   * Runs a store step that reads a campaign's claim on the product in the same step as it
   * writes (campaign-claims.ts). The check above, on the campaigns' own records, comes first
   * (it names a scheduled campaign too), but a campaign can go live right after it: the step's
   * claim is then what refuses. A claim whose campaign no longer holds the product (it ended and
   * gave the image back) is stale: taken off, and the step asked once more.
   */
  async function unlessClaimed<T>(shop: string, productId: string, step: () => Promise<T>) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await step();
      } catch (error) {
        if (!(error instanceof CampaignClaimError)) throw error;
        await refuseHeldByCampaign(shop, productId);
        if (attempt > 0) throw error;
        await experiments.claims.release(shop, productId, error.campaignId);
      }
    }
  }

  /** The AI photos, each a published photo of the product, several only of one click. */
  async function aiPhotos(shop: string, productId: string, ids: readonly string[]) {
    const photos: (Generation & { fileId: string })[] = [];
    for (const id of ids) {
      const generation = await deps.generations.get(shop, id);
      if (!generation || generation.productId !== productId)
        throw new AppError('not_found', 'photo_not_on_product');
      if (generation.state !== 'published' || generation.kind !== 'photo' || !generation.fileId)
        throw refusal({ code: 'not_published' }, 'generationIds');
      photos.push(generation as Generation & { fileId: string });
    }
    // Several arms are results of one click (its options): photos of different requests were made
    // from different prompts and sources, so a winner among them would not say which choice won.
    const group = photos[0]?.optionGroup ?? null;
    if (photos.length > 1 && (group === null || photos.some((p) => p.optionGroup !== group))) {
      const text = { code: 'photos_not_one_click' } as const;
      throw new AppError('invalid', text.code, { fields: { generationIds: text } });
    }
    return photos;
  }

  return {
    async start(shop, request) {
      const { productId, generationIds } = request;
      await refuseHeldByCampaign(shop, productId);
      const photos = await aiPhotos(shop, productId, generationIds);
      const files = createShopifyFiles(await deps.admin.forShop(shop));
      const featured = await files.featuredMediaId(productId);
      // The original: the featured image, or the one an AI photo replaced as featured.
      const replaced = photos.find((photo) => photo.fileId === featured);
      const control = replaced ? replaced.previousFeaturedMediaId : featured;
      if (!control) throw refusal({ code: 'no_original' });
      const media = [control, ...photos.map((photo) => photo.fileId)];
      const arms: ExperimentArm[] = [];
      for (const [index, id] of media.entries()) {
        const image = (await files.status(id))?.previewUrl;
        if (!image) throw refusal({ code: 'image_not_ready' });
        const arm = index === 0 ? 'control' : AI_ARMS[index - 1]!;
        arms.push({ arm, media: id, image, generationId: photos[index - 1]?.id ?? null });
      }
      const minDays =
        request.minDays ?? Math.min(DEFAULT_STATISTICS.minDays, request.maxDays ?? Infinity);
      const maxDays = request.maxDays ?? Math.max(DEFAULT_STATISTICS.maxDays, minDays);
      const experiment = await unlessClaimed(shop, productId, () =>
        store.create(
          {
            shop,
            productId,
            arms,
            weights: request.weights ?? equalWeights(arms.length),
            goal: request.goal,
            minDays,
            maxDays,
            endAction: request.endAction,
            losers: request.losers ?? 'keep_in_product',
          },
          // Due at once: if the storefront part below fails, the next reconciliation repairs it.
          clock.now(),
        ),
      );
      await experiments.launch(experiment);
      return view(experiment);
    },

    async list(shop) {
      return { experiments: await Promise.all((await store.list(shop)).map(view)) };
    },

    async get(shop, id) {
      return view(await ofShop(shop, id));
    },

    async days(shop, id) {
      const experiment = await ofShop(shop, id);
      const totals = await events.totals(shop, id, clock.now());
      return { days: dailyEstimates(experiment, totals ?? [], chartEnd(experiment)) };
    },

    async stop(shop, id, { keep }) {
      const experiment = await ofShop(shop, id);
      if (experiment.state !== 'running') throw new ExperimentStateError(experiment.state);
      const why = keep === 'ai' ? 'stopped_keep_ai' : 'stopped_keep_original';
      return view(await experiments.end(experiment, { why }));
    },

    async keepWinner(shop, id) {
      const experiment = await ofShop(shop, id);
      // A repeated click finds the winner kept: the same answer, whatever holds the product now.
      if (!experiment.end?.keep) await refuseHeldByCampaign(shop, experiment.productId);
      return view(
        await unlessClaimed(shop, experiment.productId, () => experiments.keepWinner(experiment)),
      );
    },

    recordEvents,
  };
}
