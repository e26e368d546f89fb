/**
 * The image experiments' engine, assembled for the app: their records, their storefront events,
 * what ends one (a stop, a campaign, an undo), and the worker that runs the daily looks and the
 * ends (started wherever the pipeline's workers run).
 *
 *   const experiments = app.engines.experiments;            // built once by src/app/create-app.ts
 *   await experiments.endOnProduct(shop, productId, 'ended_by_undo');
 *   const worker = experiments.startWorker();       // worker processes, tests, the demo
 */
import {
  type PipelineHost,
  type Pipeline,
  appWideKeys,
  bullConnection,
} from '../../pipeline/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CampaignClaims } from './campaign-claims.ts';
import type { ExperimentEventStore } from './event-store.ts';
import { ExperimentStateError, type Experiment } from './experiment.ts';
import type { ExperimentStore } from './experiment-store.ts';
import type { ExperimentsPixel } from './experiments-pixel.ts';
import {
  createExperimentQueue,
  startExperimentWorker,
  type ExperimentWorker,
} from './experiment-runner.ts';
import {
  endExperiment,
  goLive,
  nextLookAt,
  type EndRequest,
  type StepDeps,
} from './experiment-steps.ts';

export interface ExperimentOptions {
  /** The clock the looks run on (tests move it); the app's by default. */
  clock?: Clock;
  /** How often each worker looks for due experiments (default 30 s; also once at start). */
  reconcileMs?: number;
}

export interface ExperimentEngine {
  /**
   * The clock the experiments' days run on: the intake counts an event in its day by it and the
   * looks read complete days by it, so both must be this one (tests and the demo compress it).
   */
  clock: Clock;
  store: ExperimentStore;
  events: ExperimentEventStore;
  claims: CampaignClaims;
  /** Opens the new experiment's storefront part and schedules its first daily look. */
  launch(experiment: Experiment): Promise<void>;
  /** Records the end and has its steps run now; throws ExperimentStateError once ended. */
  end(experiment: Experiment, request: EndRequest): Promise<Experiment>;
  /** Records that an "ask" end keeps its winner (once) and has the end's steps run again now. */
  keepWinner(experiment: Experiment): Promise<Experiment>;
  /**
   * Ends the product's running experiment, if any (an undo): it wins, and the experiment leaves
   * the featured image to it.
   */
  endOnProduct(shop: string, productId: string, why: 'ended_by_undo'): Promise<void>;
  /**
   * A campaign goes live on the product: claims it (no experiment starts or keeps a winner there
   * from now on, campaign-claims.ts), then ends its running experiment, if any.
   */
  yieldToCampaign(shop: string, productId: string, campaignId: string): Promise<void>;
  /** Runs the looks in this process; `reconcileMs` overrides the engine's. */
  startWorker(options?: Pick<ExperimentOptions, 'reconcileMs'>): ExperimentWorker;
}

export function createExperimentEngine(
  host: Pick<
    PipelineHost,
    'config' | 'redis' | 'clock' | 'logger' | 'admin' | 'eraser' | 'onClose'
  >,
  parts: {
    pipeline: Pipeline;
    store: ExperimentStore;
    events: ExperimentEventStore;
    pixel: ExperimentsPixel;
    claims: CampaignClaims;
  },
  options: ExperimentOptions = {},
): ExperimentEngine {
  const { store, events, pixel, claims } = parts;
  const clock = options.clock ?? host.clock;
  const logger = host.logger.child({ component: 'experiments' });
  const connection = bullConnection(host.config.redisUrl);
  const prefix = appWideKeys(parts.pipeline.config.namespace).bullPrefix;
  const queue = createExperimentQueue({ connection, prefix, redis: host.redis });
  host.onClose('experiment queue', () => queue.close());
  // Without the app, nothing on the shop can be changed any more: its looks stop there.
  host.eraser.onUninstall('experiments: stop looks', (shop) => store.forgetShop(shop));
  // Shopify takes the app's web pixel off the shop with the app: a reinstall creates it again.
  host.eraser.onUninstall('experiments: web pixel record', (shop) => pixel.forget(shop));
  // Its records go with the shop's prefix; the app-wide due set names the shop, so it goes first.
  host.eraser.onErase('experiments: due looks', (shop) => store.forgetShop(shop));
  host.eraser.onErase('experiments: look jobs', (shop) => queue.eraseShop(shop));
  const admin = async (shop: string) => host.admin.forShop(shop);
  const deps: StepDeps = {
    store,
    events,
    pixel,
    admin,
    review: {
      generations: parts.pipeline.generations,
      admin,
      enqueue: parts.pipeline.context.enqueue,
      publishedResults: parts.pipeline.context.publishedResults,
    },
    clock,
    logger,
  };

  async function end(experiment: Experiment, request: EndRequest): Promise<Experiment> {
    const ended = await endExperiment(deps, experiment, request);
    await queue.runNow(experiment.shop, experiment.id);
    return ended;
  }

  async function endRunning(
    experiment: Experiment | null,
    why: 'ended_by_campaign' | 'ended_by_undo',
  ) {
    if (!experiment || experiment.state !== 'running') return;
    await end(experiment, { why }).catch((error: unknown) => {
      if (!(error instanceof ExperimentStateError)) throw error; // ended meanwhile
    });
  }

  return {
    clock,
    store,
    events,
    claims,
    async launch(experiment) {
      await goLive(deps, experiment);
      await store.nextLook(experiment.shop, experiment.id, nextLookAt(clock.now()));
    },
    end,
    async keepWinner(experiment) {
      const kept = await store.keepWinner(experiment.shop, experiment.id);
      if (!kept.finished) await queue.runNow(experiment.shop, experiment.id);
      return kept;
    },
    async endOnProduct(shop, productId, why) {
      await endRunning(await store.ofProduct(shop, productId), why);
    },
    async yieldToCampaign(shop, productId, campaignId) {
      // The claim first: an experiment starting, or a winner kept, after this read is refused.
      const id = await claims.claim(shop, productId, campaignId);
      await endRunning(id ? await store.get(shop, id) : null, 'ended_by_campaign');
    },
    startWorker: (workerOptions = {}) =>
      startExperimentWorker({
        connection,
        prefix,
        deps,
        queue,
        store,
        clock,
        logger,
        reconcileMs: workerOptions.reconcileMs ?? options.reconcileMs ?? 30_000,
      }),
  };
}
