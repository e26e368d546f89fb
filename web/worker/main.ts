/**
 * The worker process: the pipeline's stage workers and dispatcher (src/pipeline), the bulk-run
 * expansion (src/pipeline/bulk), the campaigns' timed phases (src/pipeline/campaigns), the
 * next-day release of automatic work (src/pipeline/rules) and the
 * Shopify webhook jobs (src/shopify/webhook-queue.ts), on the same app deps as the web process.
 * Run as many as needed: they coordinate through Redis only. Answers /livez and /readyz on
 * WORKER_HEALTH_PORT. Stops gracefully on SIGTERM/SIGINT: readiness turns 503, running jobs
 * finish, and past SHUTDOWN_TIMEOUT_MS it exits anyway (web/shutdown-signals.ts); a killed
 * worker's jobs are picked up by the others once their locks expire.
 *
 * `startWorkerProcess` is also how tests and the demo run workers inside their own process.
 */
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { bulkRunsFor } from '../../src/pipeline/bulk/index.ts';
import { campaignsFor, type CampaignOptions } from '../../src/pipeline/campaigns/index.ts';
import { pipelineFor, type PipelineOptions } from '../../src/pipeline/index.ts';
import { rulesFor } from '../../src/pipeline/rules/index.ts';
import { createAppDeps, type AppDeps, type DepsOverrides } from '../server/deps.ts';
import { exitOnShutdownSignals } from '../shutdown-signals.ts';
import { startHealthServer } from './health-server.ts';
import { startShopifyWebhookWorker } from './shopify-webhooks.ts';
import { startMetricsServer } from '../server/metrics-server.ts';

export interface WorkerProcess {
  deps: AppDeps;
  stop(): Promise<void>;
}

export interface WorkerProcessOptions {
  /** Existing app deps (in-process use); built from `env` otherwise and closed on stop. */
  deps?: AppDeps;
  env?: Record<string, string | undefined>;
  overrides?: DepsOverrides;
  pipeline?: PipelineOptions;
  campaigns?: CampaignOptions;
}

export async function startWorkerProcess(
  options: WorkerProcessOptions = {},
): Promise<WorkerProcess> {
  const ownsDeps = !options.deps;
  const deps =
    options.deps ??
    (await createAppDeps(loadConfig(options.env ?? process.env), options.overrides));
  const stages = await pipelineFor(deps, options.pipeline).startWorkers();
  const bulk = bulkRunsFor(deps).startWorker();
  const campaigns = campaignsFor(deps, options.campaigns).startWorker();
  const rules = rulesFor(deps).startWorker();
  // Last: the modules above register the shop hooks an uninstall must reach.
  const webhooks = await startShopifyWebhookWorker(deps);
  return {
    deps,
    async stop() {
      await Promise.all([
        stages.stop(),
        bulk.close(),
        campaigns.close(),
        rules.close(),
        webhooks.close(),
      ]);
      if (ownsDeps) await deps.close();
    },
  };
}

async function main(): Promise<void> {
  const worker = await startWorkerProcess();
  const { logger, config, redis } = worker.deps;
  // Metrics first and the health server last: once /livez answers, the process is complete and
  // its signal handlers are installed in the same tick, so a SIGTERM is never the default kill.
  const metrics = await startMetricsServer(worker.deps);
  if (metrics) worker.deps.onClose('metrics server', () => metrics.close());
  let draining = false;
  const health = await startHealthServer(
    { redis, isDraining: () => draining },
    { port: config.worker.healthPort, host: config.http.host },
  );
  logger.info({ healthPort: health.port }, 'worker started');
  exitOnShutdownSignals({
    logger,
    async stop() {
      draining = true;
      await worker.stop();
      await health.close();
    },
    deadlineMs: config.http.shutdownTimeoutMs,
    abandoned: 'jobs still running go to the other workers once their locks expire',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
