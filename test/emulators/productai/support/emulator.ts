/**
 * Test helpers for the ProductAI emulator: a webhook receiver and thin HTTP wrappers over
 * node's fetch (the product images it is sent are in test/support/product-images.ts).
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { expect } from 'vitest';
import { listenOnLoopback } from '../../../../emulators/shared/listen.ts';
import {
  startProductAiEmulator,
  type ProductAiEmulator,
  type ProductAiEmulatorOptions,
} from '../../../../emulators/productai/index.ts';
import { notYet, until } from '../../../support/until.ts';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: unknown;
  remoteAddress: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status the receiver answers with (200 unless changed). */
  status: number;
  /** Resolves once `count` requests have arrived (rejects after the deadline). */
  waitFor(count: number, deadlineMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  /** Emits `arrived` after each request is recorded: the waits listen to it. */
  const arrivals = new EventEmitter();
  const receiver: WebhookReceiver = {
    url: '',
    received,
    status: 200,
    async waitFor(count, deadlineMs = 10_000) {
      if (received.length < count) {
        await new Promise<void>((resolve, reject) => {
          const arrived = () => {
            if (received.length < count) return;
            clearTimeout(deadline);
            arrivals.off('arrived', arrived);
            resolve();
          };
          const deadline = setTimeout(() => {
            arrivals.off('arrived', arrived);
            reject(new Error(`only ${received.length} of ${count} webhooks arrived`));
          }, deadlineMs);
          arrivals.on('arrived', arrived);
        });
      }
      return received.slice(0, count);
    },
    close: () => server.close(),
  };
  const server = await listenOnLoopback(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          remoteAddress: req.socket.remoteAddress ?? '',
        });
        res.writeHead(receiver.status).end();
        arrivals.emit('arrived');
      });
    }),
  );
  receiver.url = `${server.url}/webhooks/productai`;
  return receiver;
}

export interface Api {
  emulator: ProductAiEmulator;
  url: string;
  /** POST JSON to the current interface with this key (null: no key header). */
  post(path: string, body: unknown, key?: string | null): Promise<JsonResponse>;
  get(path: string, key?: string | null): Promise<JsonResponse>;
  /** Calls the earlier interface with `Authorization: Bearer <key>`. */
  bearer(method: string, path: string, key: string | null, body?: unknown): Promise<JsonResponse>;
  control(method: string, path: string, body?: unknown): Promise<JsonResponse>;
  credits(key: string): Promise<number>;
  /** Polls the current interface until the job is COMPLETED or ERROR. */
  settle(id: number, key: string, deadlineMs?: number): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** A parsed JSON answer: tests read whichever fields the case is about. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: Json;
}

export const KEY = 'key-main';
export const OTHER_KEY = 'key-other';

export async function startApi(options: ProductAiEmulatorOptions = {}): Promise<Api> {
  const emulator = await startProductAiEmulator({
    jobMs: 30,
    rateLimitPerMin: 0,
    accounts: { [KEY]: 100_000, [OTHER_KEY]: 100_000 },
    webhookRetryDelaysMs: [20, 40, 80],
    ...options,
  });
  const call = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : null,
    };
  };
  const keyHeader = (key: string | null): Record<string, string> =>
    key === null ? {} : { 'x-api-key': key };
  const api: Api = {
    emulator,
    url: emulator.url,
    post: (path, body, key = KEY) => call('POST', path, keyHeader(key), body),
    get: (path, key = KEY) => call('GET', path, keyHeader(key)),
    bearer: (method, path, key, body) =>
      call(method, path, key === null ? {} : { authorization: `Bearer ${key}` }, body),
    control: (method, path, body) => call(method, `/__emulator${path}`, {}, body),
    async credits(key) {
      return (await api.control('GET', `/accounts/${key}`)).body.credits as number;
    },
    settle: (id, key, deadlineMs = 20_000) =>
      until(
        `job ${id} to settle`,
        async () => {
          const { data } = (await api.get(`/v1/api/job/${id}`, key)).body;
          return data.status === 'COMPLETED' || data.status === 'ERROR'
            ? data
            : notYet(data.status);
        },
        { deadlineMs },
      ),
    close: () => emulator.close(),
  };
  return api;
}

/** An account the tests create with no credits (see `expectAcceptedAt`). */
export const BROKE = 'key-broke';

/**
 * Whether a request passes every rule without creating a job: an account without credits gets
 * OUT_OF_TOKENS only for a request the rules accept (validation comes first), and its details
 * name the request's price.
 */
export async function expectAcceptedAt(
  api: Api,
  path: string,
  body: Record<string, unknown>,
): Promise<void> {
  const response = await api.post(path, body, BROKE);
  expect(response.status).toBe(400);
  expect(response.body.message, JSON.stringify(response.body)).toBe('OUT_OF_TOKENS');
}

/** A request the rules refuse: a 400 ApiError with this message and details, nothing charged. */
export async function expectApiErrorAt(
  api: Api,
  path: string,
  body: Record<string, unknown>,
  message: RegExp,
): Promise<{ name: string; message: string; details: string }> {
  const before = await api.credits(KEY);
  const response = await api.post(path, body);
  expect(response.status).toBe(400);
  expect(response.body.name).toBe('ApiError');
  expect(response.body.message).toMatch(message);
  expect(typeof response.body.details).toBe('string');
  expect(await api.credits(KEY)).toBe(before);
  return response.body;
}

/** Downloads a URL and returns its bytes. */
export async function download(
  url: string,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

export interface VideoProbe {
  codec: string;
  pixelFormat: string;
  width: number;
  height: number;
  fps: number;
  seconds: number;
  hasAudio: boolean;
  /** The moov atom precedes mdat (`+faststart`): playable while downloading. */
  faststart: boolean;
}

/** Reads an MP4's streams with the bundled ffmpeg (`ffmpeg -i` prints them). */
export async function probeVideo(bytes: Buffer): Promise<VideoProbe> {
  const { default: ffmpeg } = await import('@ffmpeg-installer/ffmpeg');
  const { execFile } = await import('node:child_process');
  const { writeFile, rm, mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = await mkdtemp(join(tmpdir(), 'probe-'));
  const file = join(dir, 'video.mp4');
  await writeFile(file, bytes);
  const stderr = await new Promise<string>((resolve) =>
    execFile(ffmpeg.path, ['-hide_banner', '-i', file], (_error, _out, err) => resolve(err)),
  );
  await rm(dir, { recursive: true, force: true });
  const video = /Video: (\w+).*?, (\w+)(?:\([^)]*\))?, (\d+)x(\d+).*?, ([\d.]+) fps/.exec(stderr);
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
  if (!video || !duration) throw new Error(`not a video:\n${stderr}`);
  return {
    codec: video[1]!,
    pixelFormat: video[2]!,
    width: Number(video[3]),
    height: Number(video[4]),
    fps: Number(video[5]),
    seconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    hasAudio: /Audio: /.test(stderr),
    faststart: bytes.indexOf('moov') < bytes.indexOf('mdat'),
  };
}
