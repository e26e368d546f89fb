// Before `shopify app deploy`: writes this deployment's client ID and public URL into the toml
// files the CLI deploys (shopify.app.toml, and each extension's shopify.extension.toml, where
// the Flow action's runtime_url lives), from the same variables the app reads:
//   SHOPIFY_API_KEY=<client id> SHOPIFY_APP_URL=https://… npm run configure-app [-- --path DIR]
// The CLI has no mechanism of its own for this: `shopify app config link` pulls client_id and
// the app URLs from the Dev Dashboard into shopify.app.toml (interactively, with a login) but
// never touches extension tomls, and the toml files take no environment variables.
// Exits 2 (nothing written) when an input is bad, listing every problem; 1 on any other error.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readDeployInputs } from './configure-app/inputs.ts';
import { configureTomls } from './configure-app/tomls.ts';

const { values } = parseArgs({ options: { path: { type: 'string' } } });
const appDir = resolve(values.path ?? new URL('..', import.meta.url).pathname);

const read = readDeployInputs(process.env);
if (!read.ok) {
  console.error(`configure-app: refused, nothing written:\n  ${read.problems.join('\n  ')}`);
  process.exit(2);
}
try {
  const { previousAppUrl, changed } = configureTomls(appDir, read.inputs);
  const { clientId, appUrl } = read.inputs;
  const urls =
    previousAppUrl === appUrl ? `URLs under ${appUrl}` : `${previousAppUrl} -> ${appUrl}`;
  const written =
    changed.length === 0 ? 'already so, nothing written' : `wrote ${changed.join(', ')}`;
  console.log(`configure-app: client_id ${clientId}, ${urls}; ${written}`);
} catch (error) {
  console.error(`configure-app: ${(error as Error).message}`);
  process.exit(1);
}
