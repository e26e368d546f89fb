/**
 * What the result shows grown out of the product's outline: a product placed by its look (no
 * feature matched) has no matches to miss where its shape changed, and its cells are compared
 * only inside the source's outline, so a part that now sticks out past it (a lamp's stem turned
 * into a box, a band painted across a mug past its rim) is seen by no other measure.
 *
 * The backdrop is what can be reached from the border of a window around the placed product
 * without crossing an edge (each step to a neighbour changes its colour by less than STEP); what
 * cannot, beyond the source's outline (widened by NEAR, the look's placement being a few pixels
 * off), grew. A piece that reaches the window's edge is the scene's (a tree, a person, the
 * product's second copy: on the real photographs, faithful results in busy scenes read 0.2-1.0 of
 * the product counting them, 0.03 at most without), a part grown from the product ends near it.
 * No GrabCut: OpenCV.js's draws from the thread's unseeded random state, which the sources'
 * cut-outs share, so a measure with one moved other verdicts; this one draws nothing.
 *
 * Paint laid on a product past its outline (a label painted out in a block that also covers
 * the scene between a lamp's stem and a cap's dome) is measured on every product, however it
 * was placed: a piece in one flat colour (FLAT) lying within the source's box. The largest piece
 * is not judged on a product features placed: a prop by it grows too (on the real photographs'
 * faithful results, up to 0.43 of the product), and a prop is seldom one flat colour.
 */
import type { OpenCv } from './opencv.ts';
import type { Box } from './raster.ts';
import { changedMask } from './mask-shape.ts';

/** The window's margin around the product's box, a share of its longer side. */
const MARGIN = 0.15;
/** The outline is widened by this share of the box's longer side, and at least NEAR_MIN px. */
const NEAR = 0.04;
const NEAR_MIN = 5;
/** A step between neighbouring pixels under this (largest channel difference) is no edge. */
const STEP = 12;
/** A piece this close to the window's edge (pixels) runs past it: the scene's. */
const EDGE = 2;
/**
 * A piece whose pixels lie this far from its mean colour on average (0-255, per channel) or
 * less is one flat colour. Measured (check.ts, every placement): the demo's label blocks painted
 * past a product's outline 0-6.4; the pieces grown on the real photographs' faithful results (a
 * prop, a hand, a fold of cloth by the product) 15-58.
 */
const FLAT = 10;
/** The share of a flat piece within the source's box for it to be paint laid on the product. */
const PAINTED_IN_BOX = 0.9;

export interface Grown {
  /** The piece's size, as a share of the source product's area. */
  share: number;
  /** Its box, in the source's frame. */
  box: Box;
}

export interface GrownParts {
  /** The largest piece grown (within the window). */
  largest?: Grown;
  /** The largest piece of one flat colour grown within the source's box: paint laid on. */
  painted?: Grown;
}

export function grownParts(
  cv: OpenCv,
  result: { rgb: Uint8Array; seen: Uint8Array },
  source: { mask: Uint8Array; box: Box; width: number; height: number },
): GrownParts {
  const { width, height, box } = source;
  const side = Math.max(box.width, box.height);
  const near = changedMask(cv, source.mask, width, height, {
    by: 'widening',
    shape: 'disc',
    size: 2 * Math.round(Math.max(NEAR_MIN, NEAR * side)) + 1,
  });
  const pad = MARGIN * side;
  const x0 = Math.max(0, Math.floor(box.x - pad)),
    y0 = Math.max(0, Math.floor(box.y - pad));
  const x1 = Math.min(width - 1, Math.ceil(box.x + box.width + pad)),
    y1 = Math.min(height - 1, Math.ceil(box.y + box.height + pad));
  const { rgb, seen } = result;
  const step = (a: number, b: number) =>
    Math.max(
      Math.abs(rgb[a * 3]! - rgb[b * 3]!),
      Math.abs(rgb[a * 3 + 1]! - rgb[b * 3 + 1]!),
      Math.abs(rgb[a * 3 + 2]! - rgb[b * 3 + 2]!),
    ) < STEP;
  // The backdrop: filled from the window's border, never into the product's widened outline.
  const backdrop = new Uint8Array(width * height);
  const queue: number[] = [];
  const scene = new SceneColours();
  const inBox = (i: number) => {
    const x = i % width,
      y = (i - x) / width;
    return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
  };
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const i = y * width + x;
      const border = x === x0 || x === x1 || y === y0 || y === y1;
      if (border && seen[i] && !near[i]) {
        backdrop[i] = 1;
        queue.push(i);
      }
    }
  // The pixel's neighbours inside the window, written into `out` (no array made per pixel: the
  // fill visits every pixel of the window).
  const out = [0, 0, 0, 0];
  const neighbours = (i: number) => {
    const x = i % width,
      y = (i - x) / width;
    let k = 0;
    if (x > x0) out[k++] = i - 1;
    if (x < x1) out[k++] = i + 1;
    if (y > y0) out[k++] = i - width;
    if (y < y1) out[k++] = i + width;
    return k;
  };
  while (queue.length) {
    const i = queue.pop()!;
    scene.add(rgb, i);
    for (let n = neighbours(i), k = 0; k < n; k++) {
      const j = out[k]!;
      if (!backdrop[j] && seen[j] && !near[j] && step(i, j)) {
        backdrop[j] = 1;
        queue.push(j);
      }
    }
  }
  // What was not reached beyond the outline, in touching pieces: the largest that stays inside
  // the window is what grew, and the largest in one flat colour within the box was painted on.
  const grown = (i: number) => seen[i] && !near[i] && !backdrop[i];
  const visited = new Uint8Array(width * height);
  let largest: number[] = [],
    painted: number[] = [];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const start = y * width + x;
      if (visited[start] || !grown(start)) continue;
      const piece = [start];
      visited[start] = 1;
      let touches = false;
      for (let k = 0; k < piece.length; k++) {
        const px = piece[k]! % width,
          py = (piece[k]! - px) / width;
        if (px <= x0 + EDGE || px >= x1 - EDGE || py <= y0 + EDGE || py >= y1 - EDGE)
          touches = true;
        for (let n = neighbours(piece[k]!), m = 0; m < n; m++) {
          const j = out[m]!;
          if (!visited[j] && grown(j)) {
            visited[j] = 1;
            piece.push(j);
          }
        }
      }
      if (touches || piece.length <= painted.length || scene.shows(rgb, piece, inBox)) continue;
      if (piece.length > largest.length) largest = piece;
      if (flat(rgb, piece) && share(piece, inBox) >= PAINTED_IN_BOX) painted = piece;
    }
  const area = source.mask.reduce((sum, v) => sum + v, 0);
  if (!area) return {};
  const measured = (piece: number[]) =>
    piece.length ? { share: piece.length / area, box: boxOf(piece, width) } : undefined;
  const [grownPiece, paintedPiece] = [measured(largest), measured(painted)];
  return {
    ...(grownPiece ? { largest: grownPiece } : {}),
    ...(paintedPiece ? { painted: paintedPiece } : {}),
  };
}

function boxOf(piece: number[], width: number): Box {
  let bx = Infinity,
    by = Infinity,
    ex = 0,
    ey = 0;
  for (const i of piece) {
    const x = i % width,
      y = (i - x) / width;
    bx = Math.min(bx, x);
    by = Math.min(by, y);
    ex = Math.max(ex, x);
    ey = Math.max(ey, y);
  }
  return { x: bx, y: by, width: ex - bx + 1, height: ey - by + 1 };
}

function share(piece: number[], within: (i: number) => boolean): number {
  let n = 0;
  for (const i of piece) if (within(i)) n++;
  return n / piece.length;
}

/** Whether a piece is one flat colour: its pixels' mean distance from its mean colour. */
function flat(rgb: Uint8Array, piece: number[]): boolean {
  const mean = [0, 0, 0];
  for (const i of piece) for (let c = 0; c < 3; c++) mean[c]! += rgb[i * 3 + c]!;
  for (let c = 0; c < 3; c++) mean[c]! /= piece.length;
  let spread = 0;
  for (const i of piece) for (let c = 0; c < 3; c++) spread += Math.abs(rgb[i * 3 + c]! - mean[c]!);
  return spread / piece.length / 3 < FLAT;
}

/** Colours are counted by the top 3 bits of each channel: bins 32 levels wide, 512 in all. */
const BITS = 3;
/** A colour the backdrop shows on this many pixels is the scene's. */
const SEEN = 16;
/** A piece this much of which is in the scene's colours is the scene. */
const SCENE_SHARE = 0.8;

/**
 * The colours of the backdrop the fill reached. A product with a hole or an arch (headphones'
 * band, a chair's legs over the shadow drawn under it) closes a pocket of the scene within its
 * box that the fill cannot reach where a line of the scene (a wall meeting a floor) closes it
 * too: the pocket shows the scene's colours. A part grown from the product shows its own, and
 * mostly past the product's box: the demo's sneaker, reshaped and placed by its look a little
 * off, grew a heel in its own colour that the fill had also reached along the product's edge, so
 * only the piece's pixels within the source's box count towards the scene.
 */
class SceneColours {
  private readonly bins = new Uint32Array(1 << (3 * BITS));

  add(rgb: Uint8Array, i: number) {
    this.bins[binOf(rgb, i)]!++;
  }

  shows(rgb: Uint8Array, piece: number[], within: (i: number) => boolean): boolean {
    let inScene = 0;
    for (const i of piece) if (within(i) && this.bins[binOf(rgb, i)]! >= SEEN) inScene++;
    return inScene >= piece.length * SCENE_SHARE;
  }
}

function binOf(rgb: Uint8Array, i: number): number {
  const top = (v: number) => v >> (8 - BITS);
  return (top(rgb[i * 3]!) << (2 * BITS)) | (top(rgb[i * 3 + 1]!) << BITS) | top(rgb[i * 3 + 2]!);
}
