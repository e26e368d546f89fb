/**
 * Colour per part of the product: each cell's colour in the result against the source's, once
 * the scene's light is taken out. A small part recoloured (a red collar on a plush) is a group
 * of cells that changed together, where a colour averaged over the whole product barely moves.
 *
 * The scene's light is modelled as one gain per channel in linear light (von Kries), estimated
 * as the median over the product's cells: a warmer or brighter light scales every part alike,
 * a recoloured part stands out of the median. The gains' colour is capped (CAST_LIMIT): light
 * tints, it does not turn red into green, so a recoloured whole product stays recoloured. Each
 * cell's brightness is then matched on its own (a side in shadow, a highlight, a turned face
 * are shading, not paint), and only chroma and hue are compared, in CIEDE2000.
 *
 * A product a few features place on one part (a lamp's base, a daypack's handle: the demo's
 * drawn products, 15-21 matches) has most of itself beyond the matched area, where the backdrop
 * GrabCut kept may lie too; its coloured cells there are counted apart (`changedBeyond`), for a
 * limit far above the part's: a hue turned right round (the lamp's mustard shade turned cyan)
 * reads 40 there, where no faithful result passes 26.
 */
import { differenceCiede2000 } from 'culori';
import { clusters, type Cell, type Grid } from './cells.ts';
import type { Pixels } from './pixels.ts';

/** How far the light's colour may move one channel against the others (±25 %). */
const CAST_LIMIT = 1.25;
/** Chroma (CIELAB) under which a source's colour is white, grey or black. */
const ACHROMATIC = 10;
/**
 * Lightness (CIELAB) under which such a surface is dark (black, charcoal) and its difference
 * counts whole: recoloured dark parts on the real photographs (L* 11-26) read 8-10 at two
 * thirds and passed; the drawn set's faithful dark-grey parts lie at L* 46 or more, its
 * whitish ones at 68 or more.
 */
const DARK_SURFACE = 35;
/** Cells too dark on either side to tell a colour (linear luminance). */
const DARK = 0.012;
/**
 * Pixels of a cell that must be seen (and on the product, less its rim) for its colour to
 * count: a cell across the product's edge mixes in the scene wherever the result's outline
 * lies a pixel or two off the source's (half a cell made "the white part has another colour"
 * of a drawn product's edge against a purple scene).
 */
const MIN_SEEN = 0.9;
/**
 * A black or charcoal cell (dark, without a colour of its own) counts from half its pixels
 * seen, and beyond the part of the product the matches cover: a thin dark part (a jump rope's
 * cord) fills few whole cells, and a recoloured part loses the features that placed it, so its
 * cells fall outside the matched area (a black panel turned green read 18 there, nothing
 * inside). Only those: on the drawn set, white, grey and green cells counted from half seen
 * held 20 more of its 192 faithful results at the part limit (a cell across the outline mixes
 * in the scene's colour), counted beyond the matched area 44-62 more (the white backdrop
 * GrabCut kept), dark purple ones 2; black ones none.
 */
const DARK_MIN_SEEN = 0.5;
/**
 * A white or grey cell beyond the matched area counts for the chroma it gained
 * (ColourParts.gained) where its lightness pattern still follows the source's this closely (the
 * Pearson correlation of the two): a part repainted keeps its shading and ridges while its
 * chroma moves, where the backdrop GrabCut kept, replaced by the scene, brings the scene's. A
 * vitamin jar's silver cap turned teal (its cells beyond the matched area: the recolour lost
 * the features that placed it) reads 0.8-0.99.
 */
const SHADING_KEPT = 0.8;
/**
 * A white or grey cell's chroma gained counts only where the result keeps this share of the
 * source's lightness contrast in it (the two sides' standard deviations): a cell across the
 * edge of a white part, blurred at the result's smaller scale, takes its neighbour's colour (a
 * drawn product's white rims and highlights gained 15-18 on faithful results, their contrast
 * 0.4-0.63 of the source's); a surface repainted keeps its contrast (0.7 and more, on most of
 * the real part recolours' cells) or had none (a plain panel).
 */
const CONTRAST_KEPT = 0.7;

const ciede2000 = differenceCiede2000();

export interface ColourCell {
  cell: Cell;
  deltaE: number;
  /** The source's colour of the cell, for naming the part. */
  lab: { l: number; a: number; b: number };
  /**
   * A white or grey cell's chroma gained (CIELAB, the result's less the source's in the
   * scene's light): a neutral surface the light tints a little, a repaint to a colour a lot.
   */
  gain?: number;
}

export interface ColourParts {
  cells: ColourCell[];
  /** Groups of touching cells whose colour changed by `limit` or more, largest first. */
  changed(limit: number): ColourCell[][];
  /** Groups of touching white or grey cells that gained `limit` chroma or more, largest first. */
  gained(limit: number): ColourCell[][];
  /**
   * The coloured cells beyond the matched area (colour `beyond`), counted with `cells` in
   * `changedBeyond` only.
   */
  beyond: ColourCell[];
  /** As `changed`, the coloured cells beyond the matched area counted too. */
  changedBeyond(limit: number): ColourCell[][];
}

export function colourParts(
  source: {
    width: number;
    rgb: Uint8Array;
    /** The product where the matches place it. */
    mask: Uint8Array;
    /** The whole product, for the dark cells beyond (DARK_MIN_SEEN). */
    whole: Uint8Array;
  },
  warped: Pixels & { seen: Uint8Array },
  grid: Grid,
  /**
   * Cells of the product beyond the matched area, counted where dark, and for a white or grey
   * one's chroma gained where its shading follows the source's (SHADING_KEPT).
   */
  beyond: Cell[] = [],
): ColourParts | undefined {
  const means: {
    cell: Cell;
    before: number[];
    after: number[];
    contrast: number;
    strict: boolean;
    /** Counted for the chroma it gained only (a white or grey cell beyond, SHADING_KEPT). */
    gainOnly?: boolean;
    /** A coloured cell beyond the matched area, counted in `changedBeyond` only. */
    beyondOnly?: boolean;
  }[] = [];
  const add = (cell: Cell, mask: Uint8Array, strict: boolean) => {
    const m = cellMeans(source.width, source.rgb, mask, warped, cell);
    if (!m) return;
    const seen = m.seen >= MIN_SEEN && strict;
    if (seen || (m.seen >= DARK_MIN_SEEN && blackish(lab(m.before))))
      means.push({ ...m, cell, strict: seen });
    else if (
      m.seen >= MIN_SEEN &&
      cell.textured &&
      pale(lab(m.before)) &&
      m.shading >= SHADING_KEPT
    )
      means.push({ ...m, cell, strict: false, gainOnly: true });
    else if (!strict && m.seen >= MIN_SEEN && chroma(lab(m.before)) >= ACHROMATIC)
      means.push({ ...m, cell, strict: false, beyondOnly: true });
  };
  for (const cell of grid.cells) add(cell, source.mask, true);
  for (const cell of beyond) add(cell, source.whole, false);
  if (means.length === 0) return undefined;
  // The light from the cells wholly seen in the matched area, as before the dark ones counted.
  const lit = means.filter(
    (m) => m.strict && luminance(m.before) > DARK && luminance(m.after) > DARK,
  );
  const gains = [0, 1, 2].map((c) =>
    median(lit.map((m) => (m.after[c]! + 1e-4) / (m.before[c]! + 1e-4))),
  );
  const mean = Math.cbrt(gains[0]! * gains[1]! * gains[2]!) || 1;
  const cast = gains.map((g) => clamp(g / mean, 1 / CAST_LIMIT, CAST_LIMIT));
  const cells: ColourCell[] = [];
  const gainOnly: ColourCell[] = [];
  const beyondOnly: ColourCell[] = [];
  for (const m of means) {
    const lighted = m.before.map((v, c) => v * cast[c]!);
    const yBefore = luminance(lighted),
      yAfter = luminance(m.after);
    if (yBefore <= DARK || yAfter <= DARK) continue;
    // Brightness matched cell by cell: shading is not paint.
    const matched = lighted.map((v) => (v * yAfter) / yBefore);
    const before = lab(matched),
      after = lab(m.after);
    const source = lab(m.before);
    // A white or grey surface takes the colour of the light and of what it faces (a
    // reflection, a coloured wall): its difference counts two thirds. On the drawn set, white
    // parts of faithful results reached 26, on real photographs 2; grey parts recoloured on
    // real photographs reach 26-40. A dark one counts whole (DARK_SURFACE).
    const neutral = pale(source);
    const weight = neutral ? 2 / 3 : 1;
    const cell: ColourCell = {
      cell: m.cell,
      deltaE: weight * ciede2000(before, after),
      lab: source,
      // CIEDE2000 weighs a chroma step less the more chroma there is (a grey panel turned
      // green in a green-lit scene read 11-17 there, its chroma 13 → 35-62).
      ...(neutral && m.contrast >= CONTRAST_KEPT ? { gain: chroma(after) - chroma(before) } : {}),
    };
    (m.gainOnly ? gainOnly : m.beyondOnly ? beyondOnly : cells).push(cell);
  }
  const byCell = new Map([...cells, ...gainOnly, ...beyondOnly].map((c) => [c.cell, c]));
  const all = { ...grid, cells: [...grid.cells, ...beyond] };
  const groups = (of: (c: ColourCell) => number, limit: number) =>
    clusters(all, (cell) => {
      const c = byCell.get(cell);
      return c !== undefined && of(c) >= limit;
    }).map((group) => group.map((cell) => byCell.get(cell)!));
  const counted = new Set(cells);
  const beyondToo = new Set([...cells, ...beyondOnly]);
  return {
    cells,
    changed: (limit) => groups((c) => (counted.has(c) ? c.deltaE : 0), limit),
    gained: (limit) => groups((c) => c.gain ?? 0, limit),
    beyond: beyondOnly,
    changedBeyond: (limit) => groups((c) => (beyondToo.has(c) ? c.deltaE : 0), limit),
  };
}

/**
 * A cell's mean colour in linear RGB, on the product (`mask`) in the source, where seen in the
 * result; `seen`: the share of the cell's pixels that counted.
 */
function cellMeans(
  width: number,
  rgb: Uint8Array,
  mask: Uint8Array,
  warped: Pixels & { seen: Uint8Array },
  cell: Cell,
):
  | { before: number[]; after: number[]; seen: number; shading: number; contrast: number }
  | undefined {
  const before = [0, 0, 0],
    after = [0, 0, 0];
  // The two sides' lightness (Rec. 601 luma of the 8-bit values), for their correlation.
  const light = { s1: 0, s2: 0, s11: 0, s22: 0, s12: 0 };
  let n = 0;
  const { box, dx, dy } = cell;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = y * width + x;
      const rx = x + dx,
        ry = y + dy;
      if (!mask[i] || rx < 0 || ry < 0 || rx >= warped.width || ry >= warped.height) continue;
      const j = ry * warped.width + rx;
      if (!warped.seen[j]) continue;
      n++;
      for (let c = 0; c < 3; c++) {
        before[c]! += LINEAR[rgb[i * 3 + c]!]!;
        after[c]! += LINEAR[warped.rgb[j * 3 + c]!]!;
      }
      const l1 = luma(rgb, i),
        l2 = luma(warped.rgb, j);
      light.s1 += l1;
      light.s2 += l2;
      light.s11 += l1 * l1;
      light.s22 += l2 * l2;
      light.s12 += l1 * l2;
    }
  if (n === 0) return undefined;
  const v1 = light.s11 - (light.s1 * light.s1) / n,
    v2 = light.s22 - (light.s2 * light.s2) / n;
  return {
    before: before.map((v) => v / n),
    after: after.map((v) => v / n),
    seen: n / (box.width * box.height),
    shading: v1 > 0 && v2 > 0 ? (light.s12 - (light.s1 * light.s2) / n) / Math.sqrt(v1 * v2) : 0,
    contrast: v1 > 0 ? Math.sqrt(Math.max(0, v2) / v1) : 1,
  };
}

function luma(rgb: Uint8Array, i: number): number {
  return 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
}

/** A white or grey surface: without a colour of its own, and not dark. */
function pale(c: { l: number; a: number; b: number }): boolean {
  return chroma(c) < ACHROMATIC && c.l >= DARK_SURFACE;
}

function chroma(c: { a: number; b: number }): number {
  return Math.hypot(c.a, c.b);
}

/** A black or charcoal surface (DARK_MIN_SEEN): dark, and without a colour of its own. */
function blackish(c: { l: number; a: number; b: number }): boolean {
  return c.l < DARK_SURFACE && chroma(c) < ACHROMATIC;
}

/** sRGB's 8-bit values in linear light. */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
});

function luminance([r, g, b]: number[]): number {
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Linear RGB to CIE Lab (D65), as culori's `lab65`. */
function lab([r, g, b]: number[]): { mode: 'lab65'; l: number; a: number; b: number } {
  const x = (0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047;
  const y = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  const z = (0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return { mode: 'lab65', l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

function median(values: number[]): number {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
