/**
 * Source analyses kept by the checker (the process that asks for checks, not a worker thread:
 * any thread can then check a result against a source another thread analysed), keyed by the
 * image's content (sha256), least recently used first out past a byte budget. An analysis in
 * progress is kept as its promise, so a check that comes while its source is being prepared
 * waits for that analysis instead of making a second one. A failed analysis is not kept.
 */
import { createHash } from 'node:crypto';
import type { SourceProduct } from './source-product.ts';

export type Analysis = SourceProduct | null;

export interface SourceCache {
  /** The image's analysis, made by `analyse` the first time its content is seen. */
  analysed(image: Uint8Array, analyse: () => Promise<Analysis>): Promise<Analysis>;
}

interface Entry {
  analysis: Promise<Analysis>;
  bytes: number;
}

export function createSourceCache(maxBytes: number): SourceCache {
  const entries = new Map<string, Entry>();
  let total = 0;

  function evict() {
    for (const [key, entry] of entries) {
      if (total <= maxBytes) return;
      entries.delete(key);
      total -= entry.bytes;
    }
  }

  return {
    analysed(image, analyse) {
      const key = createHash('sha256').update(image).digest('hex');
      const known = entries.get(key);
      if (known) {
        entries.delete(key);
        entries.set(key, known);
        return known.analysis;
      }
      const entry: Entry = { analysis: analyse(), bytes: 0 };
      entries.set(key, entry);
      entry.analysis.then(
        (analysis) => {
          if (entries.get(key) !== entry) return;
          entry.bytes = sizeOf(analysis);
          total += entry.bytes;
          evict();
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.analysis;
    },
  };
}

/** Bytes an analysis holds: its pixel maps (about 2.7 MB at GEOMETRY_SIDE 512) and features. */
export function sizeOf(analysis: Analysis): number {
  if (!analysis) return 64;
  const maps = [
    analysis.mask,
    analysis.points,
    analysis.descriptors,
    analysis.gray,
    analysis.gradient,
    analysis.rgb,
    analysis.inner,
    analysis.outline,
    ...analysis.words.map((w) => w.patch.gray),
  ];
  return maps.reduce((sum, map) => sum + map.byteLength, 1024);
}
