/**
 * Colour drift on the located product, in CIEDE2000 between the product's main colours in the
 * source and the same pixels of the result (where the structure agrees, so the product is seen
 * as it is). A scene's light is not a recolour, so the result's lightness is matched to the
 * source's over the whole product (brighter or darker light), and lightness then counts half
 * (CIEDE2000 with kL = 2, the CIE's weighting for textured surfaces): uneven light darkens one
 * part more than another. The figure is the main colours' drifts weighted by their share of the
 * product: a small near-white part under uneven light drifted most on faithful results (ΔE 5-15
 * on its own). Together they took the largest ΔE on faithful results of 118 pairs from 17.6 to
 * 5.6, while 30° recolours stayed at 12 or more.
 *
 * Not done: taking a light's colour cast out, estimated from the product's own near-neutral
 * pixels. Measured on the same pairs, the estimate moved by up to 15 (a, b units) on faithful
 * results lit without any cast (too few such pixels, thin and bled into by JPEG's colour), and
 * made more of them drift than it corrected.
 */
import { differenceCiede2000 } from 'culori';
import type { OpenCv } from './opencv.ts';
import type { Pixels } from './pixels.ts';
import { labOf } from './raster.ts';
import type { SourceProduct } from './source-product.ts';

/** A main colour covering less of the product than this is left out. */
const MIN_SHARE = 0.08;

const ciede2000 = differenceCiede2000(2, 1, 1);

export interface ColourDrift {
  deltaE: number;
  /** The main colour that drifted most, in words ("the red part"). */
  where: string;
}

export function colourDrift(
  cv: OpenCv,
  source: SourceProduct,
  warped: Pixels,
  agrees: Uint8Array,
): ColourDrift | undefined {
  const lab = labOf(cv, warped);
  const sums = source.colours.map(() => ({ n: 0, l1: 0, a1: 0, b1: 0, l2: 0, a2: 0, b2: 0 }));
  for (let i = 0; i < agrees.length; i++) {
    const c = source.colourOf[i]!;
    if (c < 0 || !agrees[i]) continue;
    const s = sums[c]!;
    const [l1, a1, b1] = [source.lab[i * 3]!, source.lab[i * 3 + 1]!, source.lab[i * 3 + 2]!];
    const [l2, a2, b2] = [lab[i * 3]!, lab[i * 3 + 1]!, lab[i * 3 + 2]!];
    s.n++;
    s.l1 += l1;
    s.a1 += a1;
    s.b1 += b1;
    s.l2 += l2;
    s.a2 += a2;
    s.b2 += b2;
  }
  const all = sums.reduce((t, s) => ({ n: t.n + s.n, d: t.d + s.l2 - s.l1 }), { n: 0, d: 0 });
  if (all.n === 0) return undefined;
  const lightShift = all.d / all.n;
  let weighted = 0,
    weights = 0;
  let worst = { deltaE: -1, where: '' };
  for (const s of sums) {
    if (s.n < all.n * MIN_SHARE) continue;
    const before = toLab(s.l1 / s.n, s.a1 / s.n, s.b1 / s.n);
    const after = toLab(s.l2 / s.n - lightShift, s.a2 / s.n, s.b2 / s.n);
    const deltaE = ciede2000(before, after);
    weighted += deltaE * s.n;
    weights += s.n;
    if (deltaE > worst.deltaE) worst = { deltaE, where: `the ${colourName(before)} part` };
  }
  if (weights === 0) return undefined;
  return { deltaE: weighted / weights, where: worst.where };
}

function toLab(l: number, a: number, b: number) {
  return { mode: 'lab65' as const, l: (l * 100) / 255, a: a - 128, b: b - 128 };
}

/** Plain words for a Lab colour ("red", "dark blue", "grey"). */
function colourName(c: { l: number; a: number; b: number }): string {
  const chroma = Math.hypot(c.a, c.b);
  if (chroma < 10) return c.l > 80 ? 'white' : c.l < 25 ? 'black' : 'grey';
  const hue = ((Math.atan2(c.b, c.a) * 180) / Math.PI + 360) % 360;
  const names: [number, string][] = [
    [20, 'pink'],
    [50, 'red'],
    [75, 'orange'],
    [100, 'yellow'],
    [160, 'green'],
    [220, 'teal'],
    [290, 'blue'],
    [330, 'purple'],
    [360, 'pink'],
  ];
  const name = names.find(([limit]) => hue < limit)![1];
  return c.l < 35 ? `dark ${name}` : name;
}
