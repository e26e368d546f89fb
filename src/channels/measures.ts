/**
 * One measure per rule, on the raster (raster.ts). Each answers figures, never a verdict: the
 * rules (rules.ts) compare them with the profiles' figures.
 *
 * Tolerances are ours (the channels word their rules, they do not publish a measure):
 *  - WHITE_MIN: a pixel is "pure white" at 250 or more on every channel, so a JPEG's rounding of
 *    255 (254, 253) still counts and a light grey (245) or cream does not;
 *  - DIFFERENT: two colours differ when one channel differs by more than 32 (about an eighth of
 *    the range: JPEG noise and soft shadows stay under it, a product's edge is over it).
 */
import { colourDistance, pixel, type Raster, type Rgb } from './raster.ts';

export const WHITE_MIN = 250;
const DIFFERENT = 32;
/** A band or row is uniform when this share of its pixels is within DIFFERENT of its mean. */
const UNIFORM_SHARE = 0.98;

/** A region as fractions (0..1) of the image's width and height. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Line = Rgb[];

function row(raster: Raster, y: number): Line {
  const out: Line = [];
  for (let x = 0; x < raster.width; x += 1) out.push(pixel(raster, x, y));
  return out;
}

function column(raster: Raster, x: number): Line {
  const out: Line = [];
  for (let y = 0; y < raster.height; y += 1) out.push(pixel(raster, x, y));
  return out;
}

function mean(line: Line): Rgb {
  const sum = [0, 0, 0];
  for (const p of line) for (let c = 0; c < 3; c += 1) sum[c]! += p[c]!;
  return sum.map((s) => Math.round(s / line.length)) as Rgb;
}

function shareNear(line: Line, colour: Rgb): number {
  return line.filter((p) => colourDistance(p, colour) <= DIFFERENT).length / line.length;
}

/** The outermost rows and columns, from the edge inwards, side by side. */
function sides(raster: Raster): ((depth: number) => Line)[] {
  const { width, height } = raster;
  return [
    (d) => row(raster, d),
    (d) => row(raster, height - 1 - d),
    (d) => column(raster, d),
    (d) => column(raster, width - 1 - d),
  ];
}

/**
 * A border: on all four sides, a band of uniform rows (or columns) of one colour, at most 15 %
 * of the side deep, and just inside it a row that is mostly another colour. A product on a plain
 * background has uniform edges too, but the row inside them is still mostly background: only a
 * frame changes colour along most of its inner edge.
 */
export function measureBorder(raster: Raster): { framed: boolean; depthPx: number } {
  const bands: { colour: Rgb; depth: number }[] = [];
  for (const lineAt of sides(raster)) {
    const edge = lineAt(0);
    const colour = mean(edge);
    if (shareNear(edge, colour) < UNIFORM_SHARE) return { framed: false, depthPx: 0 };
    const limit = Math.floor(edge.length === raster.width ? raster.height : raster.width) * 0.15;
    let depth = 1;
    while (depth < limit) {
      const next = lineAt(depth);
      if (shareNear(next, colour) < UNIFORM_SHARE) break;
      depth += 1;
    }
    if (depth >= limit) return { framed: false, depthPx: 0 };
    const inner = lineAt(depth);
    if (1 - shareNear(inner, colour) < 0.5) return { framed: false, depthPx: 0 };
    bands.push({ colour, depth });
  }
  const first = bands[0]!.colour;
  const oneColour = bands.every((band) => colourDistance(band.colour, first) <= DIFFERENT);
  return {
    framed: oneColour,
    depthPx: oneColour ? Math.min(...bands.map((band) => band.depth)) : 0,
  };
}

/** The outer band every background measure reads: 2 % of each side, at least 2 pixels. */
function edgeBand(raster: Raster): Rgb[] {
  const depth = Math.max(2, Math.round(Math.min(raster.width, raster.height) * 0.02));
  const out: Rgb[] = [];
  for (const lineAt of sides(raster)) for (let d = 0; d < depth; d += 1) out.push(...lineAt(d));
  return out;
}

/** The share (0..1) of the outer band's pixels that are pure white (WHITE_MIN). */
export function measureWhiteBackground(raster: Raster): { whiteShare: number } {
  const band = edgeBand(raster);
  const white = band.filter((p) => p[0] >= WHITE_MIN && p[1] >= WHITE_MIN && p[2] >= WHITE_MIN);
  return { whiteShare: white.length / band.length };
}

/**
 * The background's colour when it is plain (the outer band's mean, when nearly all of the band
 * is near it); null for a scene, whose edges are not one colour.
 */
export function plainBackground(raster: Raster): Rgb | null {
  const band = edgeBand(raster);
  const colour = mean(band);
  return shareNear(band, colour) >= 0.9 ? colour : null;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The product's region on a plain background: the bounding box of the pixels that differ from
 * it, leaving out `ignore` (the words read, so that text beside the product does not widen it);
 * rows and columns with a few stray pixels (0.2 % of their length, noise) do not count. The
 * whole frame for a scene (no plain background: the product cannot be told from it this way);
 * null when nothing differs.
 */
export function productRegion(raster: Raster, ignore: Box[] = []): Region | null {
  const background = plainBackground(raster);
  if (!background) return { x: 0, y: 0, width: 1, height: 1 };
  const { width, height } = raster;
  const rows = new Array<number>(height).fill(0);
  const cols = new Array<number>(width).fill(0);
  const ignored = (x: number, y: number) =>
    ignore.some((box) => x >= box.x0 - 3 && x <= box.x1 + 3 && y >= box.y0 - 3 && y <= box.y1 + 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (colourDistance(pixel(raster, x, y), background) <= DIFFERENT) continue;
      if (ignore.length > 0 && ignored(x, y)) continue;
      rows[y]! += 1;
      cols[x]! += 1;
    }
  }
  const rowMin = Math.max(2, width * 0.002);
  const colMin = Math.max(2, height * 0.002);
  const ys = rows.flatMap((n, y) => (n >= rowMin ? [y] : []));
  const xs = cols.flatMap((n, x) => (n >= colMin ? [x] : []));
  if (ys.length === 0 || xs.length === 0) return null;
  const [x0, x1, y0, y1] = [xs[0]!, xs.at(-1)!, ys[0]!, ys.at(-1)!];
  return {
    x: x0 / width,
    y: y0 / height,
    width: (x1 - x0 + 1) / width,
    height: (y1 - y0 + 1) / height,
  };
}

/**
 * How much of the frame the product fills: its longest extent against the frame's side in that
 * direction (Amazon's "85 % of the image frame" read as the product reaching 85 % of the frame's
 * width or height, the way its own guidance pictures it; an area share would fail every tall or
 * wide product).
 */
export function productShare(region: Region | null): number {
  return region ? Math.max(region.width, region.height) : 0;
}

/** The part (0..1) of a box, in raster pixels, that lies inside a region. */
export function shareInside(raster: Raster, box: Box, region: Region): number {
  const rx0 = region.x * raster.width;
  const ry0 = region.y * raster.height;
  const rx1 = rx0 + region.width * raster.width;
  const ry1 = ry0 + region.height * raster.height;
  const w = Math.max(0, Math.min(box.x1, rx1) - Math.max(box.x0, rx0));
  const h = Math.max(0, Math.min(box.y1, ry1) - Math.max(box.y0, ry0));
  const area = Math.max(1, (box.x1 - box.x0) * (box.y1 - box.y0));
  return (w * h) / area;
}
