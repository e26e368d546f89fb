/**
 * The worker process: the pipeline's stage workers and dispatcher (src/pipeline), the bulk-run
 * expansion (src/pipeline/bulk) and the campaigns' timed phases (src/pipeline/campaigns), on the same app deps as the web process. Run as many as needed:
 * they coordinate through Redis only. Stops gracefully on SIGTERM/SIGINT (running jobs finish;
 * a second signal exits at once; a killed worker's jobs are picked up by the others).
 *
 * `startWorkerProcess` is also how tests and the demo run workers inside their own process.
 */
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { bulkRunsFor } from '../../src/pipeline/bulk/index.ts';
import { campaignsFor, type CampaignOptions } from '../../src/pipeline/campaigns/index.ts';
import { pipelineFor, type PipelineOptions } from '../../src/pipeline/index.ts';
import { createAppDeps, type AppDeps, type DepsOverrides } from '../server/deps.ts';

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
  return {
    deps,
    async stop() {
      await Promise.all([stages.stop(), bulk.close(), campaigns.close()]);
      if (ownsDeps) await deps.close();
    },
  };
}

async function main(): Promise<void> {
  const worker = await startWorkerProcess();
  const { logger } = worker.deps;
  logger.info('worker started');
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'worker stopping');
    worker.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'worker stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
