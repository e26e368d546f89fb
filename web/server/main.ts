/**
 * The web process: validate the configuration, connect Redis, listen, and shut down gracefully
 * on SIGTERM/SIGINT (web/shutdown-signals.ts). The server drains within SHUTDOWN_TIMEOUT_MS
 * (server.ts); closing Redis after that gets CLOSE_MARGIN_MS more before the process gives up.
 */
import { ConfigError } from '../../src/platform/env.ts';
import { createApp, loadAppConfig, type AppOverrides } from '../../src/app/index.ts';
import { exitOnShutdownSignals } from '../shutdown-signals.ts';
import { startMetricsServer } from '../metrics-server.ts';
import { APP_MODULES } from './modules.ts';
import { startServer } from './server.ts';

const CLOSE_MARGIN_MS = 2_000;

async function main(overrides: AppOverrides): Promise<void> {
  const config = loadAppConfig(process.env);
  const deps = await createApp(config, overrides);
  // Metrics before the app listens: once it answers, its signal handlers are installed in the
  // same tick, so a SIGTERM is never the default kill.
  const metrics = await startMetricsServer(deps);
  if (metrics) deps.onClose('metrics server', () => metrics.close());
  const running = await startServer(deps, {
    modules: APP_MODULES,
    port: config.http.port,
    host: config.http.host,
  });
  exitOnShutdownSignals({
    logger: deps.logger,
    stop: running.close,
    deadlineMs: config.http.shutdownTimeoutMs + CLOSE_MARGIN_MS,
    abandoned: 'closing Redis did not finish',
  });
  // Logged once the signal handlers are in: a SIGTERM sent on seeing this line is always handled
  // (before process.on, the default action would kill the process at once).
  deps.logger.info({ url: running.url, env: config.env }, 'listening');
}

/** Runs the web process; `overrides` only for the demo's (dev/experiment-days-process.ts). */
export function runWebProcess(overrides: AppOverrides = {}): void {
  main(overrides).catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}

if (import.meta.main) runWebProcess();
