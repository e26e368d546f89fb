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

export interface Grown {
  /** The largest piece grown (within the window), as a share of the source product's area. */
  share: number;
  /** Its box, in the source's frame. */
  box: Box;
}

export function grownPart(
  cv: OpenCv,
  result: { rgb: Uint8Array; seen: Uint8Array },
  source: { mask: Uint8Array; box: Box; width: number; height: number },
): Grown | undefined {
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
  // the window is what grew.
  const grown = (i: number) => seen[i] && !near[i] && !backdrop[i];
  const visited = new Uint8Array(width * height);
  let best: number[] = [];
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
      if (!touches && piece.length > best.length && !scene.shows(rgb, piece, inBox)) best = piece;
    }
  const area = source.mask.reduce((sum, v) => sum + v, 0);
  if (!best.length || !area) return undefined;
  let bx = width,
    by = height,
    ex = 0,
    ey = 0;
  for (const i of best) {
    const x = i % width,
      y = (i - x) / width;
    bx = Math.min(bx, x);
    by = Math.min(by, y);
    ex = Math.max(ex, x);
    ey = Math.max(ey, y);
  }
  return {
    share: best.length / area,
    box: { x: bx, y: by, width: ex - bx + 1, height: ey - by + 1 },
  };
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
