/**
 * The ProductAI emulator as the tests' real server, its control surface, and a host for the
 * product images that generate requests point at (the emulator downloads them over loopback).
 */
import { createServer } from 'node:http';
import sharp from 'sharp';
import { listenOnLoopback } from '../../../emulators/shared/listen.ts';
import {
  startProductAiEmulator,
  type ProductAiEmulatorOptions,
} from '../../../emulators/productai/index.ts';
import {
  createProductAiClient,
  type ProductAiClient,
  type ProductAiClientOptions,
} from '../../../src/productai/index.ts';
import { productAiControlAt } from '../../support/productai-accounts.ts';

/** Polls and retries measured in milliseconds, so tests never wait seconds. */
const FAST: Partial<ProductAiClientOptions> = {
  readRetry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
  pollCadence: {
    image: { firstPollMs: 20, factor: 1.5, maxIntervalMs: 100, deadlineMs: 20_000 },
    upscale: { firstPollMs: 20, factor: 1.5, maxIntervalMs: 100, deadlineMs: 20_000 },
    video: { firstPollMs: 50, factor: 1.5, maxIntervalMs: 200, deadlineMs: 30_000 },
  },
};

export interface EmulatorJob {
  id: number;
  accountKey: string;
  status: string;
}

export interface TestEmulator {
  url: string;
  /** A client of this emulator with fast polling and retries. */
  client(apiKey: string, options?: Partial<ProductAiClientOptions>): ProductAiClient;
  account(key: string): Promise<{ credits: number; active: boolean; webhookUrl: string | null }>;
  patchAccount(key: string, update: { active?: boolean; credits?: number }): Promise<void>;
  faults(settings: Record<string, number>): Promise<void>;
  jobs(key: string): Promise<EmulatorJob[]>;
  close(): Promise<void>;
}

export async function startTestEmulator(options: ProductAiEmulatorOptions): Promise<TestEmulator> {
  const emulator = await startProductAiEmulator(options);
  const control = productAiControlAt(emulator.url);
  return {
    url: emulator.url,
    client: (apiKey, extra = {}) =>
      createProductAiClient({ apiKey, baseUrl: emulator.url, ...FAST, ...extra }),
    account: async (key) =>
      (await control('GET', `/accounts/${key}`)) as Awaited<ReturnType<TestEmulator['account']>>,
    patchAccount: async (key, update) => {
      await control('PATCH', `/accounts/${key}`, update);
    },
    faults: async (settings) => {
      await control('POST', '/faults', settings);
    },
    jobs: async (key) =>
      ((await control('GET', `/jobs?key=${key}`)) as { jobs: EmulatorJob[] }).jobs,
    close: () => emulator.close(),
  };
}

export interface EmulatorWithImages {
  emulator: TestEmulator;
  images: ImageHost;
  /** Closes both (for `beforeAll` to return as its teardown). */
  close(): Promise<void>;
}

/**
 * A test file's emulator and the image host its requests point at. The generation rate limit
 * is off unless `options` sets one: these files test the client, not the limiter.
 */
export async function startEmulatorWithImages(
  options: ProductAiEmulatorOptions,
): Promise<EmulatorWithImages> {
  const images = await startImageHost();
  const emulator = await startTestEmulator({ rateLimitPerMin: 0, ...options });
  return {
    emulator,
    images,
    async close() {
      await emulator.close();
      await images.close();
    },
  };
}

export interface ImageHost {
  /** URL of a small PNG product image; `n` varies the colour and the URL. */
  image(n?: number): string;
  /** URL of a file that is not an image. */
  notAnImage: string;
  /** URL that answers 404. */
  missing: string;
  /** The PNG bytes, for uploads. */
  png: Buffer;
  close(): Promise<void>;
}

export async function startImageHost(): Promise<ImageHost> {
  const png = await sharp({
    create: { width: 96, height: 96, channels: 3, background: '#c0392b' },
  })
    .png()
    .toBuffer();
  const server = await listenOnLoopback(
    createServer((req, res) => {
      if (req.url?.startsWith('/product-')) {
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      } else if (req.url === '/readme.txt') {
        res.writeHead(200, { 'content-type': 'image/png' }).end('not an image at all');
      } else {
        res.writeHead(404).end();
      }
    }),
  );
  return {
    image: (n = 1) => `${server.url}/product-${n}.png`,
    notAnImage: `${server.url}/readme.txt`,
    missing: `${server.url}/gone.png`,
    png,
    close: () => server.close(),
  };
}
