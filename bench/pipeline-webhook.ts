/**
 * The ProductAI webhook receiver under load, through the real app server (createApp +
 * startServer, the pipeline module, a private Redis) running in a child process, so that the
 * load generator's own work does not compete with the server's event loop:
 *  1. acknowledgement latency at a steady 200 deliveries/s (open loop: a request every 5 ms
 *     whatever the answers do), p50/p99; every delivery names a job of the shop whose URL it
 *     reached, so each one does the full work: allowlist, token check, owner lookup (one
 *     script), enqueue of the job's check with ProductAI (which runs in a worker, not here);
 *  2. the same for a bare Express route (text body, JSON answer) on the same server, as the
 *     floor this machine sets;
 *  3. throughput with 32 concurrent senders, as a ratio to the bare route's.
 * Target: p99 < 50 ms.  Run: node bench/pipeline-webhook.ts [seconds]
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import express from 'express';
import { startPrivateRedis } from '../dev/redis-server.ts';
import { createLogger } from '../src/platform/logger.ts';
import { pipelineConfig, productAiWebhookUrl } from '../src/pipeline/index.ts';
import { createApp, loadAppConfig } from '../src/app/index.ts';
import type { AppModule } from '../web/server/module.ts';
import { startServer } from '../web/server/server.ts';
import { productAiWebhooksModule } from '../web/server/routes/productai-webhooks.ts';
import { quantile } from './pipeline-support.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const RATE = 200;
const CONCURRENCY = 32;
const SOURCE = '127.0.0.2';
const SHOP = 'webhook-bench.myshopify.com';
const JOBS = RATE * SECONDS + 20_000;
const agent = new Agent({ keepAlive: true, maxSockets: 64, localAddress: SOURCE });
let nextJob = 1;

const bareModule: AppModule = {
  name: 'bench-bare',
  register({ public: routes }) {
    routes.post('/bench/bare', express.text({ type: () => true }), (_req, res) => {
      res.status(200).json({ ok: true });
    });
  },
};

/** The server side (child process): prints its two URLs as JSON, runs until killed. */
async function serve(): Promise<void> {
  const redis = await startPrivateRedis();
  const deps = await createApp(
    {
      ...loadAppConfig({
        NODE_ENV: 'test',
        SHOPIFY_API_KEY: 'bench',
        SHOPIFY_API_SECRET: 'bench-secret',
        SHOPIFY_APP_URL: 'http://127.0.0.1',
        SCOPES: 'write_products,write_files',
        REDIS_URL: redis.url,
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        PRODUCTAI_WEBHOOK_ALLOWED_IPS: SOURCE,
        // The receiver is measured, not the per-address rate limit (100 a second by default).
        WEBHOOK_RATE_LIMIT_BURST: '1000000',
        WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000000',
      }),
      pipeline: pipelineConfig({ namespace: 'bench' }),
    },
    { logger: createLogger({ level: 'silent' }) },
  );
  const server = await startServer(deps, {
    modules: [productAiWebhooksModule, bareModule],
    port: 0,
    host: '127.0.0.1',
    frontendDist: '/nonexistent',
  });
  const { pipeline } = deps;
  const { token } = (await deps.settings.get(SHOP)).webhook;
  // Every delivery is for a job a generation owns, so each takes the full path to the queue.
  const owners = deps.redis.pipeline();
  for (let jobId = 1; jobId <= JOBS; jobId += 1) {
    const ref = { shop: SHOP, generationId: `gen-${jobId}` };
    const entry = pipeline.internals.jobResults.ownerEntry(jobId, ref, null);
    owners.set(entry.key, entry.value);
  }
  await owners.exec();
  process.stdout.write(
    `${JSON.stringify({ webhook: productAiWebhookUrl(server.url, SHOP, token), bare: `${server.url}/bench/bare` })}\n`,
  );
  process.once('SIGTERM', () => {
    void server
      .close()
      .then(() => redis.stop())
      .then(() => process.exit(0));
  });
}

async function startServerProcess(): Promise<{ webhook: URL; bare: URL; stop(): void }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const urls = await new Promise<{ webhook: string; bare: string }>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(JSON.parse(output) as { webhook: string; bare: string });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return {
    webhook: new URL(urls.webhook),
    bare: new URL(urls.bare),
    stop: () => child.kill('SIGTERM'),
  };
}

function post(url: URL, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.once('response', (res) => {
      res.resume();
      res.once('end', () =>
        res.statusCode === 200
          ? resolve(res.statusCode)
          : reject(new Error(`HTTP ${res.statusCode}`)),
      );
    });
    req.once('error', reject);
    req.end(body);
  });
}

const delivery = () =>
  JSON.stringify({
    status: 'success',
    image_url: 'https://cdn.example/result.png',
    job_id: String(nextJob++),
  });

async function openLoop(url: URL, body: () => string): Promise<number[]> {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < RATE * SECONDS; i += 1) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    pending.push(post(url, body()).then(() => void latencies.push(performance.now() - sent)));
  }
  await Promise.all(pending);
  return latencies;
}

async function closedLoop(url: URL, body: () => string, seconds: number): Promise<number> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await post(url, body());
        done += 1;
      }
    }),
  );
  return done / seconds;
}

const ms = (values: number[]) => ({
  p50: +quantile(values, 0.5).toFixed(2),
  p99: +quantile(values, 0.99).toFixed(2),
  max: +Math.max(...values).toFixed(2),
});

async function measure(): Promise<void> {
  const server = await startServerProcess();
  try {
    const bareBody = () => '{"ok":true}';
    await closedLoop(server.webhook, delivery, 1); // warm-up: connections, JIT, scripts loaded
    await closedLoop(server.bare, bareBody, 1);
    const receiverLatency = await openLoop(server.webhook, delivery);
    const bareLatency = await openLoop(server.bare, bareBody);
    const receiverRps = await closedLoop(server.webhook, delivery, SECONDS / 2);
    const bareRps = await closedLoop(server.bare, bareBody, SECONDS / 2);
    console.log(
      JSON.stringify(
        {
          benchmark: 'ProductAI webhook receiver',
          openLoop: {
            rate: `${RATE}/s for ${SECONDS} s`,
            receiverAckMs: ms(receiverLatency),
            bareExpressMs: ms(bareLatency),
          },
          closedLoop: {
            concurrency: CONCURRENCY,
            receiverPerSecond: Math.round(receiverRps),
            bareExpressPerSecond: Math.round(bareRps),
            ratio: +(receiverRps / bareRps).toFixed(3),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    agent.destroy();
    server.stop();
  }
}

if (process.argv.includes('--serve')) await serve();
else await measure();
