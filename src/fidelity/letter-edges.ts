/**
 * How the edges of a label's letters on the result line up with the source's, on the same patch
 * (the result warped back to the source's reading frame): over the whole patch, and letter by
 * letter. A misprint changes two or three letters of a word and keeps the rest in place, so the
 * whole patch still correlates fairly well while the changed letters do not: the worst letter
 * tells it.
 */

export interface LetterAgreement {
  /** Pearson correlation of the two edge maps where the result is seen (0 when either is flat). */
  whole: number;
  /**
   * The lowest correlation of a strip one letter wide (stepping half a letter) among the strips
   * where the source has edges; `whole` when no strip has.
   */
  worst: number;
}

/**
 * Source strips flatter than this (mean squared deviation of the gradient magnitude) hold no
 * letter: the label's plain margin, where the result's grain alone would decide.
 */
const FLAT = 16;

export function letterAgreement(
  source: Float32Array,
  result: Float32Array,
  seen: Uint8Array,
  width: number,
  letter: number,
): LetterAgreement {
  const whole = correlation(source, result, seen, width, 0, width).r;
  const step = Math.max(2, Math.round(letter / 2));
  let worst = Infinity;
  for (let x0 = 0; x0 + step < width; x0 += step) {
    const strip = correlation(source, result, seen, width, x0, Math.min(width, x0 + 2 * step));
    const letters = strip.seen >= 0.5 && strip.sourceSpread >= FLAT;
    if (letters) worst = Math.min(worst, strip.r);
  }
  return { whole, worst: worst === Infinity ? whole : worst };
}

/**
 * Pearson correlation over columns x0..x1 where the result is seen (0 when either side is
 * flat), with the share of those columns seen and the source's spread (mean squared deviation).
 */
function correlation(
  a: Float32Array,
  b: Float32Array,
  seen: Uint8Array,
  width: number,
  x0: number,
  x1: number,
) {
  const height = a.length / width;
  let n = 0,
    s1 = 0,
    s2 = 0,
    s11 = 0,
    s22 = 0,
    s12 = 0;
  for (let y = 0; y < height; y++)
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      if (!seen[i]) continue;
      const p = a[i]!,
        q = b[i]!;
      n++;
      s1 += p;
      s2 += q;
      s11 += p * p;
      s22 += q * q;
      s12 += p * q;
    }
  const v1 = s11 - (s1 * s1) / n,
    v2 = s22 - (s2 * s2) / n;
  const r = n === 0 || v1 <= 0 || v2 <= 0 ? 0 : (s12 - (s1 * s2) / n) / Math.sqrt(v1 * v2);
  return { r, seen: n / ((x1 - x0) * height), sourceSpread: n ? v1 / n : 0 };
}
