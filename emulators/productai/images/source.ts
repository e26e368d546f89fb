/**
 * Turns an `image_url` into an accepted InputImage. URLs of the emulator's own CDN are read
 * from its store (the service recognises its hosted URLs, so an uploaded asset works even when
 * loopback fetching is off); every other URL is downloaded under the fetch policy.
 */
import { readFile } from 'node:fs/promises';
import { MAX_IMAGE_BYTES } from '../../../src/productai/catalogue.ts';
import type { FileStore } from '../storage.ts';
import { downloadImage } from './fetch.ts';
import { ImageInputError, inspectImage, type InputImage } from './inspect.ts';

export interface ImageSourceOptions {
  files: FileStore;
  /** Bases under which the emulator's own CDN is reachable (its URL and publicUrl). */
  ownBases: () => string[];
  allowLoopback: boolean;
  timeoutMs?: number;
}

export type ImageSource = (url: string) => Promise<InputImage>;

export function createImageSource(options: ImageSourceOptions): ImageSource {
  return async (url) => {
    const own = ownFileName(url, options.ownBases());
    if (own !== undefined) {
      const file = options.files.get(own);
      if (!file) {
        throw new ImageInputError(
          'image_url is not reachable',
          `Could not download ${url}: HTTP 404`,
        );
      }
      return inspectImage(await readFile(file.path), url);
    }
    const bytes = await downloadImage(url, {
      allowLoopback: options.allowLoopback,
      maxBytes: MAX_IMAGE_BYTES,
      timeoutMs: options.timeoutMs ?? 20_000,
    });
    return inspectImage(bytes, url);
  };
}

/** Fetches several URLs at once; the first failure wins. */
export function fetchAll(source: ImageSource, urls: string[]): Promise<InputImage[]> {
  return Promise.all(urls.map((url) => source(url)));
}

function ownFileName(url: string, bases: string[]): string | undefined {
  for (const base of bases) {
    const prefix = `${base.replace(/\/$/, '')}/cdn/`;
    if (url.startsWith(prefix)) return decodeURIComponent(url.slice(prefix.length).split('?')[0]!);
  }
  return undefined;
}
