/**
 * Benchmark: one shop floods the API while another uses the app normally (docs/operations.md,
 * Rate limits). The app runs as production runs it: `node web/server/main.ts` in processes of its
 * own (LOG_LEVEL info by default, the access log written to /dev/null: its cost is counted),
 * on a private Redis, with the Shopify emulator in its own process; the flood comes from a
 * child process of this script, so the load generator's work is not on the measured loop.
 *
 *  - the merchant: a session token per request (as App Bridge), one request every 100 ms over
 *    the views a merchant polls (overview, activity list, settings), open loop;
 *  - the flooder: another shop's valid session token on CONNECTIONS keep-alive connections,
 *    each sending GET /api/generations as soon as the last answer came back, for SECONDS.
 *
 * Prints the merchant's latency alone, during the flood and alone again (target: p95 during
 * the flood within 2x the p95 alone before it; the run after shows how much the machine's own
 * load moved meanwhile), what the flooder got (the share of 429s) and the web process's CPU.
 *
 *   node bench/api-flood.ts [seconds=30] [connections=50] [webProcesses=1] [logLevel=info]
 *                           [refusalDelayMs=the app's default]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  defaultSessionTokenClaims,
  signJwtHs256,
} from '../emulators/shopify/auth/session-token.ts';
import { BENCH_SHOP, startAppStack } from './bulk-app-stack.ts';
import { cpuMs, startWeb, type WebProcess } from './web-process.ts';
import { quantile } from './pipeline-support.ts';

const MERCHANT_EVERY_MS = 100;
const MERCHANT_PATHS = ['/api/overview', '/api/generations?limit=25', '/api/settings'];
const FLOOD_PATH = '/api/generations';
const IDLE_SECONDS = 15;

interface Signer {
  apiKey: string;
  apiSecret: string;
}

const sign = (signer: Signer, shop: string) =>
  signJwtHs256(defaultSessionTokenClaims(shop, signer.apiKey, Date.now()), signer.apiSecret);

/** One GET with a session token; resolves the status once the answer is read. */
function get(agent: Agent, base: string, path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), {
      agent,
      headers: { Authorization: `Bearer ${token}` },
    });
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end();
  });
}

/** The flooder (child process): prints {requests, statuses} as JSON when its time is up. */
async function flood(): Promise<void> {
  const { urls, shop, seconds, connections, signer } = JSON.parse(process.argv[3]!) as {
    urls: string[];
    shop: string;
    seconds: number;
    connections: number;
    signer: Signer;
  };
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  // A script reuses its token until it expires (a minute); renewed well before.
  let token = sign(signer, shop);
  const renew = setInterval(() => (token = sign(signer, shop)), 20_000);
  const statuses: Record<number, number> = {};
  let requests = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const base = urls[i % urls.length]!;
      while (performance.now() < until) {
        const status = await get(agent, base, FLOOD_PATH, token);
        statuses[status] = (statuses[status] ?? 0) + 1;
        requests += 1;
      }
    }),
  );
  clearInterval(renew);
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ requests, statuses })}\n`);
}

/** The merchant: a request every 100 ms, in turn over its views and the web processes. */
async function merchant(
  urls: string[],
  shop: string,
  signer: Signer,
  seconds: number,
): Promise<{ latencies: number[]; statuses: Record<number, number> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < (seconds * 1000) / MERCHANT_EVERY_MS; i += 1) {
    const wait = start + i * MERCHANT_EVERY_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    const path = MERCHANT_PATHS[i % MERCHANT_PATHS.length]!;
    pending.push(
      get(agent, urls[i % urls.length]!, path, sign(signer, shop)).then((status) => {
        latencies.push(performance.now() - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies, statuses };
}

async function measure(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 30);
  const connections = Number(process.argv[3] ?? 50);
  const webProcesses = Number(process.argv[4] ?? 1);
  const logLevel = process.argv[5] ?? 'info';
  const refusalDelay = process.argv[6];
  const normalShop = 'bench-store-2.myshopify.com';
  const stack = await startAppStack({
    productCount: 5,
    moreShops: [normalShop],
    shopifyInOwnProcess: true,
  });
  const webs: WebProcess[] = [];
  try {
    const env = {
      ...stack.env,
      LOG_LEVEL: logLevel,
      ...(refusalDelay === undefined ? {} : { RATE_LIMIT_REFUSAL_DELAY_MS: refusalDelay }),
    };
    for (let i = 0; i < webProcesses; i += 1) webs.push(await startWeb(env));
    const urls = webs.map((web) => web.url);
    const signer = { apiKey: stack.env.SHOPIFY_API_KEY!, apiSecret: stack.env.SHOPIFY_API_SECRET! };

    await merchant(urls, normalShop, signer, 3); // warm-up: connections, JIT, scripts loaded
    const idle = await merchant(urls, normalShop, signer, IDLE_SECONDS);

    const flooder = spawn(
      process.execPath,
      [
        fileURLToPath(import.meta.url),
        '--flood',
        JSON.stringify({ urls, shop: BENCH_SHOP, seconds, connections, signer }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const cpuBefore = webs.map((web) => cpuMs(web.pid!));
    let floodOutput = '';
    flooder.stdout!.on('data', (chunk: Buffer) => (floodOutput += chunk.toString()));
    const flooded = once(flooder, 'exit');
    // The merchant starts a second after the flood and stops before it ends.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const during = await merchant(urls, normalShop, signer, seconds - 2);
    await flooded;
    const webCpuMs = webs.reduce((sum, web, i) => sum + cpuMs(web.pid!) - cpuBefore[i]!, 0);
    // Alone again: how much the machine's own load moved the figures meanwhile.
    const after = await merchant(urls, normalShop, signer, IDLE_SECONDS);
    const flood = JSON.parse(floodOutput) as { requests: number; statuses: Record<number, number> };

    const ms = (values: number[], q: number) => quantile(values, q).toFixed(1);
    const line = (name: string, run: { latencies: number[]; statuses: Record<number, number> }) =>
      `  ${name}: p50 ${ms(run.latencies, 0.5)} ms, p95 ${ms(run.latencies, 0.95)} ms, p99 ${ms(run.latencies, 0.99)} ms (${run.latencies.length} requests; ${Object.entries(
        run.statuses,
      )
        .map(([status, n]) => `${n}× ${status}`)
        .join(', ')})`;
    const limited = flood.statuses[429] ?? 0;
    const ratio = quantile(during.latencies, 0.95) / quantile(idle.latencies, 0.95);
    console.log(
      `API flood: ${connections} connections × ${seconds} s from one shop, ${webProcesses} web process(es), LOG_LEVEL=${logLevel}, budget ${stack.deps.config.rateLimits.api.burst} at once + ${stack.deps.config.rateLimits.api.perMinute}/min per shop, refusals answered after ${refusalDelay ?? stack.deps.config.rateLimits.refusalDelayMs} ms`,
    );
    console.log(line('merchant alone      ', idle));
    console.log(line('merchant, flooded   ', during));
    console.log(line('merchant alone again', after));
    console.log(`  p95 flooded / alone: ${ratio.toFixed(2)} (target ≤ 2)`);
    console.log(
      `  flooder: ${flood.requests} requests (${Math.round(flood.requests / seconds)}/s), ${((100 * limited) / flood.requests).toFixed(2)}% answered 429; ${Object.entries(
        flood.statuses,
      )
        .map(([status, n]) => `${n}× ${status}`)
        .join(', ')}`,
    );
    // CPU time is what a loaded machine distorts least (latency also waits for other processes).
    console.log(
      `  web process CPU during the flood: ${(webCpuMs / 1000).toFixed(1)} s of ${seconds} s, ${((1000 * webCpuMs) / (flood.requests + during.latencies.length)).toFixed(0)} µs per request`,
    );
  } finally {
    for (const web of webs) {
      const exited = once(web, 'exit');
      web.kill('SIGTERM');
      await exited;
    }
    await stack.stop();
  }
}

if (process.argv[2] === '--flood') await flood();
else await measure();
