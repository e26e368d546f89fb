/**
 * Benchmark: image bombs and large style images against one web process (docs/operations.md,
 * Bounded inputs). The app runs as production runs it (`node web/server/main.ts` in a process of its
 * own, the Shopify emulator in another); the uploads and the other shop's requests come from
 * this script.
 *
 *  - another shop: GET /api/settings every 100 ms (a session token per request, as App Bridge);
 *  - bombs: 6 parallel `PUT /api/settings/style/reference` of a ~800 KB
 *    PNG declaring 16383 x 16383 pixels (268 MP, sharp's default limit), once; the other shop is
 *    measured until all six are answered, and for at least BOMB_WINDOW_MS;
 *  - large images: 6 uploaders, each sending a real 24 MP JPEG (6000 x 4000, under both the byte
 *    and the pixel limit, so it is decoded and scaled down) again as soon as it is answered, for
 *    SECONDS.
 *
 * Prints the other shop's p50/p95 alone, during each kind of upload and alone again, and what
 * the uploads got (status, time).
 *
 *   node bench/image-bombs.ts [seconds=15]
 */
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { BENCH_SHOP, startAppStack } from './bulk-app-stack.ts';
import { startWeb } from './web-process.ts';
import { quantile } from './pipeline-support.ts';

const OTHER_SHOP = 'bench-store-2.myshopify.com';
const EVERY_MS = 100;
const IDLE_SECONDS = 10;
const PARALLEL = 6;
const BOMB_WINDOW_MS = 5_000;

/** The bomb: one flat colour compresses ~1000:1, so 268 MP fit in ~800 KB. */
async function bomb(): Promise<Buffer> {
  const path = join(tmpdir(), 'image-bomb-16383.png');
  if (existsSync(path)) return readFileSync(path);
  const png = await sharp({
    create: { width: 16383, height: 16383, channels: 3, background: { r: 200, g: 200, b: 200 } },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(path, png);
  return png;
}

/** A camera-sized photo: 24 MP, noise over a gradient so it does not compress to nothing. */
async function largePhoto(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 80 })
    .toBuffer();
}

function call(
  agent: Agent,
  base: string,
  method: string,
  path: string,
  token: string,
  body?: { type: string; bytes: Buffer },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), {
      agent,
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body ? { 'Content-Type': body.type, 'Content-Length': body.bytes.length } : {}),
      },
    });
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end(body?.bytes);
  });
}

interface Run {
  latencies: number[];
  statuses: Record<number, number>;
}

/** The other shop: GET /api/settings every 100 ms until `stop` resolves (at least `minMs`). */
async function otherShop(
  base: string,
  sign: () => string,
  stop: Promise<unknown>,
  minMs: number,
): Promise<Run> {
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  const run: Run = { latencies: [], statuses: {} };
  let stopped = false;
  void stop.then(() => (stopped = true));
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; !stopped || performance.now() - start < minMs; i += 1) {
    const wait = start + i * EVERY_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    pending.push(
      call(agent, base, 'GET', '/api/settings', sign()).then((status) => {
        run.latencies.push(performance.now() - sent);
        run.statuses[status] = (run.statuses[status] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return run;
}

/**
 * PARALLEL uploaders, each sending its next upload once the last is answered, until `seconds`
 * have passed (0: one upload each).
 */
async function uploads(
  base: string,
  sign: () => string,
  body: { type: string; bytes: Buffer },
  seconds: number,
): Promise<Array<{ status: number; ms: number }>> {
  const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL });
  const answers: Array<{ status: number; ms: number }> = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      do {
        const sent = performance.now();
        const status = await call(
          agent,
          base,
          'PUT',
          '/api/settings/style/reference',
          sign(),
          body,
        );
        answers.push({ status, ms: performance.now() - sent });
      } while (performance.now() < until);
    }),
  );
  agent.destroy();
  return answers;
}

const seconds = Number(process.argv[2] ?? 15);
const [bombPng, photo] = [await bomb(), await largePhoto()];
const stack = await startAppStack({
  productCount: 1,
  moreShops: [OTHER_SHOP],
  shopifyInOwnProcess: true,
});
const web = await startWeb({ ...stack.env, LOG_LEVEL: 'warn' });
try {
  const signOther = () => stack.shopify.signSessionToken(OTHER_SHOP);
  const signUploader = () => stack.shopify.signSessionToken(BENCH_SHOP);
  await otherShop(web.url, signOther, Promise.resolve(), 2_000); // warm-up
  const idle = await otherShop(web.url, signOther, Promise.resolve(), IDLE_SECONDS * 1000);

  const bombUploads = uploads(web.url, signUploader, { type: 'image/png', bytes: bombPng }, 0);
  const duringBombs = await otherShop(web.url, signOther, bombUploads, BOMB_WINDOW_MS);
  const bombAnswers = await bombUploads;

  const photoUploads = uploads(
    web.url,
    signUploader,
    { type: 'image/jpeg', bytes: photo },
    seconds,
  );
  const duringPhotos = await otherShop(web.url, signOther, photoUploads, 3_000);
  const photoAnswers = await photoUploads;

  const after = await otherShop(web.url, signOther, Promise.resolve(), IDLE_SECONDS * 1000);

  const ms = (values: number[], q: number) => quantile(values, q).toFixed(1);
  const line = (name: string, run: Run) =>
    `  ${name}: p50 ${ms(run.latencies, 0.5)} ms, p95 ${ms(run.latencies, 0.95)} ms (${run.latencies.length} requests; ${Object.entries(
      run.statuses,
    )
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ')})`;
  const answered = (answers: Array<{ status: number; ms: number }>) => {
    const statuses = [...new Set(answers.map((answer) => answer.status))].join('/');
    const times = answers.map((answer) => answer.ms);
    return `${answers.length} answered ${statuses} in ${(Math.min(...times) / 1000).toFixed(2)}–${(Math.max(...times) / 1000).toFixed(2)} s`;
  };
  console.log(
    `Image uploads: ${PARALLEL} bombs at once; ${PARALLEL} uploaders of photos for ${seconds} s; bomb ${bombPng.length} bytes (16383×16383 PNG), photo ${photo.length} bytes (6000×4000 JPEG)`,
  );
  console.log(line('other shop alone        ', idle));
  console.log(line('other shop, bombs       ', duringBombs));
  console.log(line('other shop, large photos', duringPhotos));
  console.log(line('other shop alone again  ', after));
  const ratio = (run: Run) =>
    (quantile(run.latencies, 0.95) / quantile(idle.latencies, 0.95)).toFixed(2);
  console.log(
    `  p95 during bombs / alone: ${ratio(duringBombs)}; during photos / alone: ${ratio(duringPhotos)}`,
  );
  console.log(`  bombs: ${answered(bombAnswers)}`);
  console.log(`  photos: ${answered(photoAnswers)}`);
} finally {
  const exited = once(web, 'exit');
  web.kill('SIGTERM');
  await exited;
  await stack.stop();
}
