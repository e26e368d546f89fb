/**
 * What `shopify app dev` runs for each web process (web/server/shopify.web.toml,
 * web/worker/shopify.web.toml): the production entry, with the CLI's environment translated to
 * the app's. The CLI hands every web process HOST and APP_URL = the tunnel's public URL and
 * PORT = the port to serve on; the app reads the public URL from SHOPIFY_APP_URL and binds to
 * HOST, so HOST must become an interface again. Everything else (REDIS_URL, ENCRYPTION_KEY,
 * PRODUCTAI_*) comes from the developer's shell, as in production.
 *   usage: node dev/shopify-app-dev.ts web|worker
 */
import { fileURLToPath } from 'node:url';

const ENTRIES = { web: '../web/server/main.ts', worker: '../web/worker/main.ts' } as const;

const role = process.argv[2];
if (role !== 'web' && role !== 'worker') {
  console.error('usage: node dev/shopify-app-dev.ts web|worker');
  process.exit(2);
}
const env = process.env;
if (env.APP_URL) env.SHOPIFY_APP_URL = env.APP_URL;
env.HOST = '127.0.0.1';
// A background web gets a free port of its own from the CLI: the worker's health port.
if (role === 'worker' && env.PORT) env.WORKER_HEALTH_PORT = env.PORT;
// The entry runs as if started directly (the worker's entry checks that it is the main module).
process.argv[1] = fileURLToPath(new URL(ENTRIES[role], import.meta.url));
await import(ENTRIES[role]);
