/**
 * The web process: validate the configuration, connect Redis, listen, and shut down gracefully
 * on SIGTERM/SIGINT (a second signal exits at once).
 */
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { createAppDeps } from './deps.ts';
import { APP_MODULES } from './modules.ts';
import { startServer } from './server.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const deps = await createAppDeps(config);
  const running = await startServer(deps, {
    modules: APP_MODULES,
    port: config.http.port,
    host: config.http.host,
  });
  deps.logger.info({ url: running.url, env: config.env }, 'listening');

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    deps.logger.info({ signal }, 'shutdown requested');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        deps.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
