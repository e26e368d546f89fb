/**
 * The bytes behind the emulator's CDN: seeded product images (rendered on first request and
 * cached, so seeding 80 products stays instant) and files that finished processing.
 */
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';

export interface Asset {
  mimeType: string;
  bytes: Buffer;
}

interface Entry {
  mimeType: string;
  bytes?: Buffer;
  render?: () => Promise<Buffer>;
  pending?: Promise<Buffer>;
}

export class AssetStore {
  private readonly entries = new Map<string, Entry>();

  put(path: string, mimeType: string, bytes: Buffer): void {
    this.entries.set(path, { mimeType, bytes });
  }

  /** An asset whose bytes are made when first asked for. */
  putLazy(path: string, mimeType: string, render: () => Promise<Buffer>): void {
    this.entries.set(path, { mimeType, render });
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  async get(path: string): Promise<Asset | undefined> {
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    if (!entry.bytes) {
      entry.pending ??= entry.render!();
      entry.bytes = await entry.pending;
      entry.pending = undefined;
    }
    return { mimeType: entry.mimeType, bytes: entry.bytes };
  }

  delete(path: string): void {
    this.entries.delete(path);
  }

  /**
   * A free path for `filename` under `folder`; a taken name gets a UUID suffix, as Shopify's
   * default duplicate resolution (APPEND_UUID) does.
   */
  freePath(folder: string, filename: string): string {
    const wanted = `${folder}/${filename}`;
    if (!this.entries.has(wanted)) return wanted;
    const extension = extname(filename);
    const stem = filename.slice(0, filename.length - extension.length);
    return `${folder}/${stem}_${randomUUID()}${extension}`;
  }
}
