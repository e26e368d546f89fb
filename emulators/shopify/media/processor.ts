/**
 * Creates media/file records and processes their source the way Shopify does, asynchronously:
 * fetch `originalSource` (an external URL or a staged upload), check it (an image of an accepted
 * format within the size and resolution limits; an MP4/QuickTime video), and store the bytes on
 * the emulator's CDN. The outcome lands in the record's `processing.result`; media/lifecycle.ts
 * turns it into UPLOADED → PROCESSING → READY | FAILED over time.
 */
import { basename } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { Clock } from '../../../src/platform/clock.ts';
import type { Faults } from '../control/faults.ts';
import { cdnFolder } from '../cdn/urls.ts';
import type { AssetStore } from '../store/assets.ts';
import type { EmulatorStore } from '../store/emulator-store.ts';
import type {
  FileKind,
  FileRecord,
  MediaProblem,
  ProcessingResult,
  ShopRecord,
  StoredAsset,
} from '../store/types.ts';
import { startProcessing } from './lifecycle.ts';
import {
  ACCEPTED_IMAGE_FORMATS,
  MAX_FILE_BYTES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_VIDEO_BYTES,
} from './limits.ts';
import { probeMp4 } from './mp4-probe.ts';

const FETCH_TIMEOUT_MS = 30_000;

/** Wording from the schema's MediaErrorCode descriptions. */
const MESSAGES: Record<string, string> = {
  IMAGE_DOWNLOAD_FAILURE: 'Media could not be processed because the image could not be downloaded.',
  IMAGE_PROCESSING_FAILURE:
    'Media could not be processed because the image could not be processed.',
  INVALID_IMAGE_FILE_SIZE: 'Media could not be created because the image size is too large.',
  INVALID_IMAGE_RESOLUTION:
    "Media could not be created because the image's resolution exceeds the max limit.",
  UNSUPPORTED_IMAGE_FILE_TYPE:
    'Media could not be created because the image is an unsupported file type.',
  VIDEO_INVALID_FILETYPE_ERROR: 'Media could not be created because it has an invalid file type.',
  VIDEO_VALIDATION_ERROR: 'Video failed validation.',
  GENERIC_FILE_DOWNLOAD_FAILURE:
    'File could not be processed because the source could not be downloaded.',
  GENERIC_FILE_INVALID_SIZE: 'File could not be created because the size is too large.',
};

/** Per kind: how large a source may be, and the codes for a source too large or unreachable. */
interface SourceLimits {
  maxBytes: number;
  tooLarge: string;
  unreachable: string;
}

const SOURCE_LIMITS: Record<FileKind, SourceLimits> = {
  IMAGE: {
    maxBytes: MAX_IMAGE_BYTES,
    tooLarge: 'INVALID_IMAGE_FILE_SIZE',
    unreachable: 'IMAGE_DOWNLOAD_FAILURE',
  },
  VIDEO: {
    maxBytes: MAX_VIDEO_BYTES,
    tooLarge: 'VIDEO_VALIDATION_ERROR',
    unreachable: 'VIDEO_VALIDATION_ERROR',
  },
  FILE: {
    maxBytes: MAX_FILE_BYTES,
    tooLarge: 'GENERIC_FILE_INVALID_SIZE',
    unreachable: 'GENERIC_FILE_DOWNLOAD_FAILURE',
  },
};

function problem(code: string, details: string | null): ProcessingResult {
  return {
    ok: false,
    error: { code, message: MESSAGES[code] ?? code, details } satisfies MediaProblem,
  };
}

class SourceTooLarge extends Error {}

async function download(
  url: string,
  maxBytes: number,
  stop: AbortSignal,
): Promise<{ bytes: Buffer; contentType: string }> {
  const response = await fetch(url, {
    signal: AbortSignal.any([stop, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status} from ${url}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new SourceTooLarge(`${declared} bytes is over ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    total += read.value.length;
    if (total > maxBytes) {
      await reader?.cancel();
      throw new SourceTooLarge(`more than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(read.value));
  }
  return { bytes: Buffer.concat(chunks), contentType: response.headers.get('content-type') ?? '' };
}

export interface CreateMediaInput {
  kind: FileKind;
  originalSource: string;
  alt: string;
  filename?: string;
}

export interface MediaProcessorDeps {
  clock: Clock;
  store: EmulatorStore;
  assets: AssetStore;
  faults: Faults;
  processingMs: number;
}

export class MediaProcessor {
  private readonly deps: MediaProcessorDeps;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(deps: MediaProcessorDeps) {
    this.deps = deps;
  }

  /** A new file record in the shop, UPLOADED, whose source is fetched and checked right away. */
  create(shop: ShopRecord, input: CreateMediaInput): FileRecord {
    const now = this.deps.clock.now();
    const file: FileRecord = {
      id: this.deps.store.nextId(),
      kind: input.kind,
      alt: input.alt,
      filename: input.filename ?? filenameOf(input.originalSource),
      originalSource: input.originalSource,
      createdAt: now,
      updatedAt: now,
      processing: startProcessing(now, this.deps.processingMs),
    };
    shop.files.set(file.id, file);
    const forcedFailure = this.deps.faults.take('mediaFail', shop.domain);
    const work = (
      forcedFailure
        ? Promise.resolve(injectedFailure(file.kind))
        : this.deps.faults.mediaReleased(shop.domain).then(() => this.process(shop, file))
    )
      .catch((error: unknown) => problem('IMAGE_PROCESSING_FAILURE', String(error)))
      .then((result) => {
        file.processing.result = result;
      });
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
    return file;
  }

  /** Resolves when every source fetch under way has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Shutdown: abandons the fetches under way (their media end FAILED) and waits for them. */
  async stop(): Promise<void> {
    this.stopping.abort(new Error('the emulator is shutting down'));
    this.deps.faults.releaseMedia();
    await this.idle();
  }

  private async process(shop: ShopRecord, file: FileRecord): Promise<ProcessingResult> {
    const limits = SOURCE_LIMITS[file.kind];
    let source: { bytes: Buffer; contentType: string };
    try {
      source = await download(file.originalSource, limits.maxBytes, this.stopping.signal);
    } catch (error) {
      const code = error instanceof SourceTooLarge ? limits.tooLarge : limits.unreachable;
      return problem(code, describeFetchError(error, file.originalSource));
    }
    if (file.kind === 'IMAGE') return this.acceptImage(shop, file, source.bytes);
    if (file.kind === 'VIDEO') return this.acceptVideo(shop, file, source.bytes);
    return this.store(shop, file, source.bytes, {
      mimeType: source.contentType.split(';')[0] || 'application/octet-stream',
    });
  }

  private async acceptImage(
    shop: ShopRecord,
    file: FileRecord,
    bytes: Buffer,
  ): Promise<ProcessingResult> {
    let meta: Metadata;
    try {
      // The header only, whatever it declares: the limits below answer a too-large image as
      // Shopify does (sharp's own limit would throw, read here as "not an image").
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      return problem('UNSUPPORTED_IMAGE_FILE_TYPE', 'The source is not an image.');
    }
    const mimeType = meta.format ? ACCEPTED_IMAGE_FORMATS[meta.format] : undefined;
    if (!mimeType || !meta.width || !meta.height) {
      return problem(
        'UNSUPPORTED_IMAGE_FILE_TYPE',
        `Image format ${meta.format ?? 'unknown'} is not accepted.`,
      );
    }
    const { width, height } = meta;
    if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
      return problem(
        'INVALID_IMAGE_RESOLUTION',
        `${width}x${height} px; the limit is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE} px a side.`,
      );
    }
    return this.store(shop, file, bytes, { mimeType, width, height });
  }

  private acceptVideo(shop: ShopRecord, file: FileRecord, bytes: Buffer): ProcessingResult {
    const info = probeMp4(bytes);
    if (!info)
      return problem(
        'VIDEO_INVALID_FILETYPE_ERROR',
        'The source is not an MP4 or QuickTime video.',
      );
    return this.store(shop, file, bytes, {
      mimeType: 'video/mp4',
      width: info.width,
      height: info.height,
      durationMs: info.durationMs,
    });
  }

  private store(
    shop: ShopRecord,
    file: FileRecord,
    bytes: Buffer,
    facts: Omit<StoredAsset, 'path' | 'byteSize'>,
  ): ProcessingResult {
    const path = this.deps.assets.freePath(cdnFolder(shop.domain), file.filename);
    this.deps.assets.put(path, facts.mimeType, bytes);
    return { ok: true, asset: { ...facts, path, byteSize: bytes.length } };
  }
}

function describeFetchError(error: unknown, url: string): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const why = cause ? `: ${cause.code ?? cause.message ?? ''}` : '';
  return error.message.includes(url) ? `${error.message}${why}` : `${error.message}${why} (${url})`;
}

function injectedFailure(kind: FileKind): ProcessingResult {
  return problem(
    kind === 'VIDEO' ? 'VIDEO_VALIDATION_ERROR' : 'IMAGE_PROCESSING_FAILURE',
    'Injected by POST /__emulator/faults (mediaFailNext).',
  );
}

/** The last path segment of a URL, as Shopify names a file created from it. */
export function filenameOf(source: string): string {
  try {
    const name = decodeURIComponent(basename(new URL(source).pathname));
    return name || 'file';
  } catch {
    return 'file';
  }
}
