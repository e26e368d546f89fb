/**
 * Uploaded assets, shared by both interfaces: upload-asset (current) and training-asset
 * (earlier) both create one. An asset is accepted `processing` (bytes already checked to be a
 * readable JPEG/PNG/WebP and re-hosted, so its URL works at once), then a full decode makes its
 * thumbnail and it becomes `ready`, or `failed` when the image data turns out to be broken
 * (its hosted file is then withdrawn).
 */
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, type InputImage } from './images/inspect.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { FileStore } from './storage.ts';

export type AssetStatus = 'processing' | 'ready' | 'failed';
export const ASSET_STATUSES: readonly AssetStatus[] = ['processing', 'ready', 'failed'];

export interface Asset {
  id: number;
  accountKey: string;
  name: string;
  status: AssetStatus;
  tags: string[];
  mimetype: string;
  format: InputImage['format'];
  width: number;
  height: number;
  fileSize: number;
  /** Hosted file names under /cdn/. */
  file: string;
  thumbnail: string;
  createdAt: number;
  updatedAt: number;
}

/** Long side of an asset's thumbnail. */
const THUMBNAIL_SIZE = 256;

const EXTENSION: Record<InputImage['format'], string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

export interface AssetStoreOptions {
  files: FileStore;
  clock: Clock;
  /** Minimum time an asset spends `processing`. */
  processingMs: number;
}

export class AssetStore {
  private readonly assets = new Map<number, Asset>();
  private readonly options: AssetStoreOptions;
  private readonly timers = new Set<NodeJS.Timeout>();
  private nextId = 5_001;

  constructor(options: AssetStoreOptions) {
    this.options = options;
  }

  async create(accountKey: string, image: InputImage, name: string, tags: string[]) {
    const { files, clock } = this.options;
    const stored = await files.put('assets', EXTENSION[image.format], image.bytes);
    const thumbnail = files.reserve('thumbnails', 'jpg');
    const now = clock.now();
    const asset: Asset = {
      id: this.nextId++,
      accountKey,
      name,
      status: 'processing',
      tags,
      mimetype: image.mimetype,
      format: image.format,
      width: image.width,
      height: image.height,
      fileSize: image.bytes.length,
      file: stored.name,
      thumbnail: thumbnail.name,
      createdAt: now,
      updatedAt: now,
    };
    this.assets.set(asset.id, asset);
    const delay = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, this.options.processingMs);
      this.timers.add(timer);
    });
    void this.process(asset, image.bytes, thumbnail.path, delay);
    return asset;
  }

  get(id: number): Asset | undefined {
    return this.assets.get(id);
  }

  /** One account's assets, newest first. */
  list(accountKey: string): Asset[] {
    return [...this.assets.values()].reverse().filter((a) => a.accountKey === accountKey);
  }

  async delete(asset: Asset): Promise<void> {
    this.assets.delete(asset.id);
    await Promise.all([
      this.options.files.delete(asset.file),
      this.options.files.delete(asset.thumbnail),
    ]);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async process(asset: Asset, bytes: Buffer, thumbnailPath: string, delay: Promise<void>) {
    let ok = true;
    try {
      await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80 })
        .toFile(thumbnailPath);
    } catch {
      ok = false;
    }
    await delay;
    if (!this.assets.has(asset.id)) return;
    if (ok) await this.options.files.register(asset.thumbnail, thumbnailPath);
    else await this.options.files.delete(asset.file);
    asset.status = ok ? 'ready' : 'failed';
    asset.updatedAt = this.options.clock.now();
  }
}
