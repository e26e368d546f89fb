/**
 * Downloads a ProductAI result (image or video) to a private temporary file, streaming, so a
 * worker's memory does not grow with the size of the results it is handling. The URL comes from
 * outside, so the download cannot be aimed and cannot pass off one thing as another:
 *
 *  - Where it may go: ../../platform/http/safe-fetch.ts. Only https to public addresses, checked
 *    after DNS resolution and at every redirect (at most 3), on the address checked. The one
 *    exception is the trusted origins of the configuration (`productAi.resultDownloadOrigins`,
 *    src/productai/config.ts): outside production the ProductAI base URL's origin (the emulator
 *    that development, the demo and the tests run on http://127.0.0.1:<port>), plus any origin
 *    listed in RESULT_DOWNLOAD_ORIGINS; in production only the listed ones, so a
 *    production deployment has no exception unless an operator writes one down.
 *  - How much: RESULT_MAX_BYTES by kind, checked on Content-Length before reading and counted
 *    while streaming (a server may send no length, or lie about it).
 *  - What: the first bytes must be a container the kind allows (file-type reads the magic
 *    numbers, and tells MP4 from QuickTime by the `ftyp` brand and WebM from Matroska by its
 *    DocType); the Content-Type, when it names a kind of media, must agree. Images are decoded
 *    afterwards (sharp, in prepare-result.ts) before anything reaches Shopify.
 * Every refusal is a permanent ResultDownloadError whose message says why in plain words: the
 * generation fails with it.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type { GenerationKind } from '../../app-api/contract.ts';
import { RefusedUrlError, safeGet, type SafeFetchPolicy } from '../../platform/http/safe-fetch.ts';

export type FetchFn = typeof fetch;

const MiB = 1024 * 1024;

/**
 * The largest result accepted, by kind: far below Shopify's 1 GB video limit, above what
 * ProductAI can produce.
 *  - photo: ProductAI's largest output is 4K (4096 px on the long side). The worst a 4096 x 4096
 *    PNG weighs, measured with sharp on gaussian noise (which barely compresses): 47.0 MiB in
 *    RGB, 62.6 MiB with alpha.
 *  - upscale: doubles both sides, so four times the pixels: a 4K result upscaled is about 188 MiB
 *    by the same measure.
 *  - video: at most 15 s (seedance, up to 4k); at 100 Mbit/s, above the usual 4K H.264 delivery
 *    rates, that is 179 MiB.
 */
export const RESULT_MAX_BYTES: Record<GenerationKind, number> = {
  photo: 64 * MiB,
  upscale: 256 * MiB,
  video: 256 * MiB,
};

/** The containers each kind may arrive in (what prepare-result.ts hands Shopify). */
const ACCEPTED_TYPES: Record<GenerationKind, { mimes: readonly string[]; described: string }> = {
  photo: {
    mimes: ['image/png', 'image/jpeg', 'image/webp'],
    described: 'a PNG, JPEG or WebP image',
  },
  upscale: {
    mimes: ['image/png', 'image/jpeg', 'image/webp'],
    described: 'a PNG, JPEG or WebP image',
  },
  video: {
    mimes: ['video/mp4', 'video/quicktime', 'video/webm'],
    described: 'an MP4, MOV or WebM video',
  },
};

const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

export interface DownloadedResult {
  path: string;
  bytes: number;
  /** The media type read from the file's own bytes (one of the kind's accepted types). */
  mimeType: string;
  /** A directory the caller may write derived files into; removed by `dispose`. */
  dir: string;
  dispose(): Promise<void>;
}

/** Thrown when the result cannot be fetched; `permanent` says a retry would not help. */
export class ResultDownloadError extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ResultDownloadError';
    this.permanent = permanent;
  }
}

export async function downloadResult(
  url: string,
  kind: GenerationKind,
  deps: { policy: SafeFetchPolicy; signal?: AbortSignal },
): Promise<DownloadedResult> {
  const dir = await mkdtemp(join(tmpdir(), 'productai-result-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const signal = AbortSignal.any([
      AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      ...(deps.signal ? [deps.signal] : []),
    ]);
    const response = await get(url, deps.policy, signal);
    const maxBytes = RESULT_MAX_BYTES[kind];
    const declared = Number(response.headers['content-length'] ?? Number.NaN);
    if (declared > maxBytes) {
      response.body.destroy();
      throw tooLarge(kind, maxBytes);
    }
    const path = join(dir, 'result');
    let total = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        total += chunk.length;
        if (total > maxBytes) callback(tooLarge(kind, maxBytes));
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(response.body, limit, createWriteStream(path));
    } catch (error) {
      if (error instanceof ResultDownloadError) throw error;
      throw new ResultDownloadError('Downloading the result file was interrupted', false, {
        cause: error,
      });
    }
    const mimeType = await checkType(path, kind, response.headers['content-type']);
    return { path, bytes: (await stat(path)).size, mimeType, dir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function get(url: string, policy: SafeFetchPolicy, signal: AbortSignal) {
  let response;
  try {
    response = await safeGet(url, policy, { signal, headers: { 'accept-encoding': 'identity' } });
  } catch (error) {
    if (error instanceof RefusedUrlError) {
      throw new ResultDownloadError(
        `The result file's address was refused: ${error.message}`,
        true,
        { cause: error },
      );
    }
    throw new ResultDownloadError('The result file could not be reached', false, {
      cause: error,
    });
  }
  if (response.status < 200 || response.status > 299) {
    response.body.destroy();
    // 404/410: the service no longer has the file; 5xx and others may pass.
    const permanent = response.status === 404 || response.status === 410;
    throw new ResultDownloadError(
      permanent
        ? 'ProductAI no longer has the result file, so it could not be saved'
        : `Downloading the result file answered ${response.status}`,
      permanent,
    );
  }
  return response;
}

function tooLarge(kind: GenerationKind, maxBytes: number): ResultDownloadError {
  const what = kind === 'video' ? 'a video' : kind === 'upscale' ? 'an upscale' : 'a photo';
  return new ResultDownloadError(
    `The result file is larger than the ${maxBytes / MiB} MB ${what} can be`,
    true,
  );
}

/** The file's media type from its bytes; refuses one the kind does not allow, or that the
 * Content-Type contradicts (a PNG sent as video/mp4). */
async function checkType(
  path: string,
  kind: GenerationKind,
  contentType: string | undefined,
): Promise<string> {
  const accepted = ACCEPTED_TYPES[kind];
  const found = await fileTypeFromFile(path);
  const claimed = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const served = claimed ? ` (served as ${claimed})` : '';
  if (!found || !accepted.mimes.includes(found.mime)) {
    const is = found ? `${found.ext.toUpperCase()} data` : 'of no media type we recognise';
    throw new ResultDownloadError(
      `The result file is not ${accepted.described}: its bytes are ${is}${served}`,
      true,
    );
  }
  const family = found.mime.split('/')[0]!;
  if (/^(image|video)\//.test(claimed) && !claimed.startsWith(`${family}/`)) {
    throw new ResultDownloadError(
      `The result file's bytes are ${found.ext.toUpperCase()} data but it was served as ${claimed}`,
      true,
    );
  }
  return found.mime;
}
