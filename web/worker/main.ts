/**
 * The worker process: builds the app (src/app) and runs its workers (src/app/start-workers.ts:
 * pipeline stages and dispatcher, bulk-run expansion, campaign phases, the next-day release of
 * automatic work, Shopify webhook jobs). Run as many as needed: they coordinate through Redis
 * only. Answers /livez and /readyz on WORKER_HEALTH_PORT. Stops gracefully on SIGTERM/SIGINT:
 * readiness turns 503, running jobs finish, and past SHUTDOWN_TIMEOUT_MS it exits anyway
 * (web/shutdown-signals.ts); a killed worker's jobs are picked up by the others once their locks
 * expire.
 */
import { ConfigError } from '../../src/platform/env.ts';
import { lowerProcessPriority } from '../../src/platform/process-priority.ts';
import { createApp, loadAppConfig, startWorkers, type AppOverrides } from '../../src/app/index.ts';
import { exitOnShutdownSignals } from '../shutdown-signals.ts';
import { startMetricsServer } from '../metrics-server.ts';
import { startHealthServer } from './health-server.ts';

/**
 * The share of a shop's Admin API bucket the worker's calls leave to the web process's: a
 * merchant's click reads a product or two (10-60 points), a bulk run's pages take what is left.
 */
const WORKER_KEEPS_FREE = 0.25;

async function main(overrides: AppOverrides): Promise<void> {
  const appConfig = loadAppConfig(process.env);
  // Before the app starts its threads (the product check's pool), which inherit it.
  lowerProcessPriority(appConfig.worker.niceness);
  const app = await createApp(appConfig, {
    adminKeepFree: WORKER_KEEPS_FREE,
    ...overrides,
  });
  const workers = await startWorkers(app);
  const { logger, config, redis } = app;
  // Metrics first and the health server last: once /livez answers, the process is complete and
  // its signal handlers are installed in the same tick, so a SIGTERM is never the default kill.
  const metrics = await startMetricsServer(app);
  if (metrics) app.onClose('metrics server', () => metrics.close());
  let draining = false;
  const health = await startHealthServer(
    { redis, isDraining: () => draining },
    { port: config.worker.healthPort, host: config.http.host },
  );
  exitOnShutdownSignals({
    logger,
    async stop() {
      draining = true;
      await workers.stop();
      await app.close();
      await health.close();
    },
    deadlineMs: config.http.shutdownTimeoutMs,
    abandoned: 'jobs still running go to the other workers once their locks expire',
  });
  // Logged once the signal handlers are in: a SIGTERM sent on seeing this line is always handled
  // (before process.on, the default action would kill the process at once).
  logger.info({ healthPort: health.port }, 'worker started');
}

/** Runs the worker process; `overrides` only for the demo's (dev/experiment-days-process.ts). */
export function runWorkerProcess(overrides: AppOverrides = {}): void {
  main(overrides).catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}

if (import.meta.main) runWorkerProcess();
