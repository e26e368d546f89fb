/**
 * The checker's kept source analyses (src/fidelity/source-cache.ts): one analysis per image
 * content, shared by a check that comes while it is being made, a failed one not kept, and the
 * least recently used ones let go past the byte budget.
 */
import { describe, expect, test } from 'vitest';
import { createSourceCache, sizeOf } from '../../src/fidelity/source-cache.ts';
import type { SourceProduct } from '../../src/fidelity/source-product.ts';

function analysis(pixels: number): SourceProduct {
  return {
    width: 1,
    height: pixels,
    mask: new Uint8Array(pixels),
    box: { x: 0, y: 0, width: 1, height: pixels },
    points: new Float32Array(0),
    descriptors: new Uint8Array(0),
    gray: new Uint8Array(pixels),
    gradient: new Float32Array(pixels),
    rgb: new Uint8Array(pixels * 3),
    inner: new Uint8Array(pixels),
    outline: new Uint8Array(pixels),
    words: [],
    readingScale: 1,
  };
}

function counted(result: () => Promise<SourceProduct | null>) {
  const calls = { n: 0 };
  return { calls, analyse: () => (calls.n++, result()) };
}

const image = (n: number) => new Uint8Array([n, n, n]);

describe("the checker's kept source analyses", () => {
  test('an image is analysed once, however many checks ask, also while it is being analysed', async () => {
    const cache = createSourceCache(1e9);
    const made = analysis(10);
    const { calls, analyse } = counted(async () => made);
    const [a, b] = await Promise.all([
      cache.analysed(image(1), analyse),
      cache.analysed(image(1), analyse),
    ]);
    expect(await cache.analysed(Uint8Array.from(image(1)), analyse)).toBe(made);
    expect([a, b]).toEqual([made, made]);
    expect(calls.n).toBe(1);
  });

  test('a failed analysis is made again the next time', async () => {
    const cache = createSourceCache(1e9);
    let fail = true;
    const { calls, analyse } = counted(async () => {
      if (fail) throw new Error('worker gone');
      return analysis(10);
    });
    await expect(cache.analysed(image(1), analyse)).rejects.toThrow('worker gone');
    fail = false;
    expect(await cache.analysed(image(1), analyse)).not.toBeNull();
    expect(calls.n).toBe(2);
  });

  test('past its byte budget, the least recently used analysis is let go', async () => {
    const one = sizeOf(analysis(1000));
    const cache = createSourceCache(one * 2);
    const { calls, analyse } = counted(async () => analysis(1000));
    await cache.analysed(image(1), analyse);
    await cache.analysed(image(2), analyse);
    await cache.analysed(image(1), analyse); // 1 used last: 2 goes first
    await cache.analysed(image(3), analyse);
    expect(calls.n).toBe(3);
    await cache.analysed(image(1), analyse);
    expect(calls.n).toBe(3);
    await cache.analysed(image(2), analyse);
    expect(calls.n).toBe(4);
  });
});
