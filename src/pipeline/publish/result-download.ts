/**
 * Downloads a ProductAI result (image or video) to a private temporary file, streaming, so a
 * worker's memory does not grow with the size of the results it is handling.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type FetchFn = typeof fetch;

/** Shopify's video limit is 1 GB; anything larger could not be attached anyway. */
export const MAX_RESULT_BYTES = 1024 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

export interface DownloadedResult {
  path: string;
  bytes: number;
  /** The Content-Type the server sent, without parameters (may be empty). */
  contentType: string;
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
  deps: { fetch: FetchFn; signal?: AbortSignal },
): Promise<DownloadedResult> {
  const dir = await mkdtemp(join(tmpdir(), 'productai-result-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const signal = AbortSignal.any([
      AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      ...(deps.signal ? [deps.signal] : []),
    ]);
    let response: Response;
    try {
      response = await deps.fetch(url, { signal });
    } catch (error) {
      throw new ResultDownloadError(`Could not reach ${url}`, false, { cause: error });
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      // 404/410: the service no longer has the file; 5xx and others may pass.
      const permanent = response.status === 404 || response.status === 410;
      throw new ResultDownloadError(`Downloading ${url} answered ${response.status}`, permanent);
    }
    const path = join(dir, 'result');
    let total = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        total += chunk.length;
        if (total > MAX_RESULT_BYTES) {
          callback(new ResultDownloadError(`The result at ${url} is larger than 1 GB`, true));
        } else callback(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(response.body as never), limit, createWriteStream(path));
    } catch (error) {
      if (error instanceof ResultDownloadError) throw error;
      throw new ResultDownloadError(`Downloading ${url} was interrupted`, false, { cause: error });
    }
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    return { path, bytes: (await stat(path)).size, contentType, dir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
