/**
 * Hosted files (re-hosted uploads, thumbnails, generated results) on disk in a private temp
 * folder that `destroy()` removes when the emulator closes. Only registered names are served,
 * so a deleted asset's URL stops working at once. Nothing is kept in memory but the index.
 */
import { mkdtemp, rm, writeFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface StoredFile {
  /** Path under /cdn/, e.g. `results/1f0c….png`. */
  name: string;
  path: string;
  contentType: string;
  size: number;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
};

export class FileStore {
  private readonly files = new Map<string, StoredFile>();
  readonly dir: string;

  private constructor(dir: string) {
    this.dir = dir;
  }

  static async create(): Promise<FileStore> {
    return new FileStore(await mkdtemp(join(tmpdir(), 'productai-emulator-')));
  }

  /** A fresh path for a file a child process will write; `register` it once written. */
  reserve(folder: string, ext: string): { name: string; path: string } {
    const name = `${folder}-${randomUUID()}.${ext}`;
    return { name, path: join(this.dir, name) };
  }

  async register(name: string, path: string): Promise<StoredFile> {
    const ext = name.slice(name.lastIndexOf('.') + 1);
    const file: StoredFile = {
      name,
      path,
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      size: (await stat(path)).size,
    };
    this.files.set(name, file);
    return file;
  }

  async put(folder: string, ext: string, data: Buffer): Promise<StoredFile> {
    const { name, path } = this.reserve(folder, ext);
    await writeFile(path, data);
    return this.register(name, path);
  }

  get(name: string): StoredFile | undefined {
    return this.files.get(name);
  }

  async delete(name: string): Promise<void> {
    const file = this.files.get(name);
    if (!file) return;
    this.files.delete(name);
    await rm(file.path, { force: true });
  }

  /**
   * Removes the folder. A render that was running when the emulator closed (libvips cannot be
   * aborted) may still be writing its file into it, which fails rmdir with ENOTEMPTY: the removal
   * is retried (Node retries ENOTEMPTY/EBUSY with a growing delay) until the writer is done;
   * later writes find no folder and fail, which the closed job engine ignores.
   */
  async destroy(): Promise<void> {
    this.files.clear();
    await rm(this.dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}
