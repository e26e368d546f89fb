/**
 * What `scripts/configure-app.ts` writes into the toml files, read from the same variables the
 * app itself reads (src/shopify/config.ts): SHOPIFY_API_KEY is the app's client ID and
 * SHOPIFY_APP_URL its public URL. Stricter than the app's own check, because what is deployed
 * is what every merchant's admin and Shopify Flow will call: https only, and no host that is a
 * placeholder by definition (the names RFC 2606 and RFC 6761 reserve for examples and tests).
 * Every problem is reported at once, as the app's configuration does.
 */
import { isIP } from 'node:net';

export interface DeployInputs {
  clientId: string;
  /** The app's public URL without a trailing slash, e.g. `https://studio.example.org`. */
  appUrl: string;
}

/** A Shopify client ID (API key) is 32 lowercase hexadecimal characters. */
const CLIENT_ID = /^[0-9a-f]{32}$/;

/** Host names that can never be a deployed app: reserved for documentation and tests. */
export function isPlaceholderHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    /(^|\.)example\.(com|net|org)$/.test(host) ||
    /(^|\.)(example|test|invalid|localhost)$/.test(host)
  );
}

export function readDeployInputs(
  env: Record<string, string | undefined>,
): { ok: true; inputs: DeployInputs } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const clientId = env.SHOPIFY_API_KEY?.trim() ?? '';
  if (clientId === '') problems.push('SHOPIFY_API_KEY is required (the app’s client ID)');
  else if (!CLIENT_ID.test(clientId))
    problems.push(
      'SHOPIFY_API_KEY must be the app’s client ID: 32 lowercase hexadecimal characters ' +
        '(Dev Dashboard, or `shopify app env show`)',
    );
  else if (/^0+$/.test(clientId))
    problems.push('SHOPIFY_API_KEY is the committed placeholder (all zeros), not a client ID');

  const appUrl = readAppUrl(env.SHOPIFY_APP_URL?.trim() ?? '', problems);
  if (problems.length > 0 || appUrl === null) return { ok: false, problems };
  return { ok: true, inputs: { clientId, appUrl } };
}

function readAppUrl(raw: string, problems: string[]): string | null {
  if (raw === '') {
    problems.push('SHOPIFY_APP_URL is required (the app’s public https URL)');
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`SHOPIFY_APP_URL is not a URL: ${raw}`);
    return null;
  }
  const before = problems.length;
  if (url.protocol !== 'https:')
    problems.push('SHOPIFY_APP_URL must be https (Shopify and Flow call no other scheme)');
  if (url.username || url.password) problems.push('SHOPIFY_APP_URL must not carry credentials');
  if (url.search || url.hash) problems.push('SHOPIFY_APP_URL must have no query or fragment');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(hostname) !== 0)
    problems.push(
      'SHOPIFY_APP_URL must name a host, not an IP address (its TLS certificate’s name)',
    );
  else if (isPlaceholderHost(hostname))
    problems.push(`SHOPIFY_APP_URL's host ${hostname} is reserved for examples and tests`);
  if (problems.length > before) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
