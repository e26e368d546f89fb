/**
 * The located product compared cell by cell, each cell aligned on its own. One homography
 * places a flat product exactly, but a real product turns, bulges and is seen through another
 * lens: on real photographs of an unchanged product a single warp leaves cells a few pixels off
 * (most of them "changed" when compared in place). Each cell is therefore searched for within
 * REACH of where the homography puts it, and compared where its edges line up best: what
 * remains unlike is a part that changed, not the camera.
 */
import type { Box } from './raster.ts';

export const CELL = 24;
/**
 * How far a cell may lie from where the homography puts it (source-frame pixels, 512 px long
 * side): ~3 % of the frame, the drift of a product seen a few degrees turned.
 */
const REACH = 12;
/** Mean squared deviation of the gradient under which a cell holds no edge worth comparing. */
const FLAT = 16;
/** A cell lined up this well (its edges' correlation) tells where the camera put it. */
const FIT_AGREES = 0.45;

/**
 * Share of a cell away from the product's outline for it to count as inside: wholly inside lost
 * two logos of twelve on the real photographs (a label near a bag's edge, a strap's tab), half
 * kept all twelve.
 */
const INSIDE = 0.5;

export interface Cell {
  /** The cell's column and row in the product's grid. */
  col: number;
  row: number;
  box: Box;
  /** Whether the source has edges here (a letter, a seam, a logo), or is plain. */
  textured: boolean;
  /**
   * Mostly inside the product, away from its outline: a cell across the outline holds the
   * outline's contrast with the backdrop, which the result's scene sets anew (an ivory lamp's
   * rim on an ivory wall read as detail faded).
   */
  inside: boolean;
  /** Edges' correlation at the best offset (1: alike; a plain cell that stays plain is 1). */
  correlation: number;
  /** The same where the homography puts the cell, unaligned. */
  inPlace: number;
  /** Result's edge strength over the source's at that offset (textured cells). */
  energy: number;
  /** The source's mean edge strength in the cell: where the product's detail is. */
  strength: number;
  /** The offset (source-frame pixels) at which the result's cell lines up best. */
  dx: number;
  dy: number;
}

export interface Grid {
  cols: number;
  rows: number;
  cells: Cell[];
}

interface Sums {
  n: number;
  s1: number;
  s2: number;
  s11: number;
  s22: number;
  s12: number;
}

/**
 * The product's cells (half or more on the product and seen in the result), each with the
 * offset at which its edges agree best: a coarse search every 3 px, then the pixels around it.
 */
export function compareCells(
  source: {
    width: number;
    height: number;
    mask: Uint8Array;
    /** The product away from its outline (source-product.ts's `inner`). */
    inner: Uint8Array;
    box: Box;
    gradient: Float32Array;
  },
  result: { gradient: Float32Array; seen: Uint8Array },
  /** Placed by its look, not by features: "in place" is then where the cells' own fit puts it. */
  placedByLook = false,
  /** Cells already compared (by column and row), left out. */
  except?: (col: number, row: number) => boolean,
): Grid {
  const { width, height, mask, inner, box } = source;
  const cols = Math.ceil(box.width / CELL);
  const rows = Math.ceil(box.height / CELL);
  const cells: Cell[] = [];
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++) {
      if (except?.(col, row)) continue;
      const x0 = box.x + col * CELL,
        y0 = box.y + row * CELL;
      const cellBox = {
        x: x0,
        y: y0,
        width: Math.min(CELL, width - x0),
        height: Math.min(CELL, height - y0),
      };
      const at = (dx: number, dy: number) => sums(source, result, cellBox, dx, dy);
      const here = at(0, 0);
      const on = onProduct(mask, width, cellBox);
      if (on < cellBox.width * cellBox.height * 0.5 || here.n < on * 0.8) continue;
      const textured = variance(here.s1, here.s11, here.n) >= here.n * FLAT;
      let best = { dx: 0, dy: 0, r: correlation(here), s: here };
      const look = (dx: number, dy: number) => {
        const s = at(dx, dy);
        if (s.n < here.n * 0.8) return;
        const r = correlation(s);
        if (r > best.r) best = { dx, dy, r, s };
      };
      if (textured) {
        for (let dy = -REACH; dy <= REACH; dy += 3)
          for (let dx = -REACH; dx <= REACH; dx += 3) look(dx, dy);
        const { dx: cx, dy: cy } = best;
        for (let dy = cy - 2; dy <= cy + 2; dy++)
          for (let dx = cx - 2; dx <= cx + 2; dx++) if (dx !== cx || dy !== cy) look(dx, dy);
      }
      const e1 = best.s.s1 / best.s.n,
        e2 = best.s.s2 / best.s.n;
      cells.push({
        col,
        row,
        box: cellBox,
        textured,
        inside: onProduct(inner, width, cellBox) >= cellBox.width * cellBox.height * INSIDE,
        correlation: best.r,
        inPlace: correlation(here),
        energy: e1 > 0 ? e2 / e1 : 1,
        strength: here.n ? here.s1 / here.n : 0,
        dx: best.dx,
        dy: best.dy,
      });
    }
  if (placedByLook) inPlaceByFit(source, result, cells);
  return { cols, rows, cells };
}

/** Textured cells that lined up, needed to fit the placement's correction. */
const FIT_CELLS = 6;

/**
 * A product placed by its look is placed by a box (a move and a scale, on a search 3 % apart in
 * size): a smooth product's few edges, a pixel or two off at its far ends, disagree in place
 * though the product is unchanged (a yoga block in a scene, 24-35 % of its cells "not in
 * place"). Its cells' own offsets, where they lined up, are fitted with a move, and with a
 * similarity (a move, a scale and a turn: the camera's), and the cells are compared in place
 * under whichever of the box, the move and the similarity leaves the fewest unlike: a product
 * bent in waves still disagrees under all three, since no single similarity follows a wave.
 * Not the fit alone: along a smooth product's straight edge a cell lines up anywhere along it,
 * and those offsets can pull a fit off (the yoga block's third scene: 31 % under the box, 47 %
 * under the similarity).
 */
function inPlaceByFit(
  source: { width: number; height: number; mask: Uint8Array; gradient: Float32Array },
  result: { gradient: Float32Array; seen: Uint8Array },
  cells: Cell[],
) {
  const fitted = cells.filter((c) => c.textured && c.correlation >= FIT_AGREES);
  if (fitted.length < FIT_CELLS) return;
  const centre = (c: Cell) => ({ x: c.box.x + c.box.width / 2, y: c.box.y + c.box.height / 2 });
  const mean = (f: (c: Cell) => number) => fitted.reduce((t, c) => t + f(c), 0) / fitted.length;
  const cx = mean((c) => centre(c).x),
    cy = mean((c) => centre(c).y),
    a = mean((c) => c.dx),
    b = mean((c) => c.dy);
  let spread = 0,
    scale = 0,
    turn = 0;
  for (const c of fitted) {
    const x = centre(c).x - cx,
      y = centre(c).y - cy;
    spread += x * x + y * y;
    scale += x * (c.dx - a) + y * (c.dy - b);
    turn += x * (c.dy - b) - y * (c.dx - a);
  }
  const [s, r] = spread ? [scale / spread, turn / spread] : [0, 0];
  const clamp = (v: number) => Math.max(-REACH, Math.min(REACH, Math.round(v)));
  const under = (shift: (x: number, y: number) => [number, number]) =>
    cells.map((cell) => {
      const x = centre(cell).x - cx,
        y = centre(cell).y - cy;
      const [dx, dy] = shift(x, y);
      const moved = sums(source, result, cell.box, clamp(dx), clamp(dy));
      const here = sums(source, result, cell.box, 0, 0);
      return moved.n >= here.n * 0.8 ? correlation(moved) : cell.inPlace;
    });
  const unlike = (inPlace: number[]) => inPlace.filter((v) => v < FIT_AGREES).length;
  let best = cells.map((c) => c.inPlace);
  for (const candidate of [
    under(() => [a, b]),
    under((x, y) => [a + s * x - r * y, b + r * x + s * y]),
  ])
    if (unlike(candidate) < unlike(best)) best = candidate;
  best.forEach((v, i) => (cells[i]!.inPlace = v));
}

function onProduct(mask: Uint8Array, width: number, box: Box): number {
  let on = 0;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) on += mask[y * width + x]!;
  return on;
}

/** Sums over the cell's product pixels, the result read `dx`, `dy` away. */
function sums(
  source: { width: number; height: number; mask: Uint8Array; gradient: Float32Array },
  result: { gradient: Float32Array; seen: Uint8Array },
  box: Box,
  dx: number,
  dy: number,
): Sums {
  const { width, height, mask, gradient } = source;
  const s: Sums = { n: 0, s1: 0, s2: 0, s11: 0, s22: 0, s12: 0 };
  for (let y = box.y; y < box.y + box.height; y++) {
    const ry = y + dy;
    if (ry < 0 || ry >= height) continue;
    for (let x = box.x; x < box.x + box.width; x++) {
      const rx = x + dx;
      if (rx < 0 || rx >= width) continue;
      const i = y * width + x,
        j = ry * width + rx;
      if (!mask[i] || !result.seen[j]) continue;
      const a = gradient[i]!,
        b = result.gradient[j]!;
      s.n++;
      s.s1 += a;
      s.s2 += b;
      s.s11 += a * a;
      s.s22 += b * b;
      s.s12 += a * b;
    }
  }
  return s;
}

function variance(sum: number, squares: number, n: number): number {
  return squares - (sum * sum) / n;
}

/** Pearson correlation of the two edge maps; a plain cell on both sides agrees, on one not. */
function correlation(s: Sums): number {
  if (s.n === 0) return 0;
  const v1 = variance(s.s1, s.s11, s.n),
    v2 = variance(s.s2, s.s22, s.n);
  const flat1 = v1 < s.n * FLAT,
    flat2 = v2 < s.n * FLAT;
  if (flat1 && flat2) return 1;
  if (flat1 || flat2) return 0;
  return (s.s12 - (s.s1 * s.s2) / s.n) / Math.sqrt(v1 * v2);
}

/**
 * Groups of cells that touch (side by side or corner to corner), largest first: a change is a
 * part of the product, where scattered unlike cells are the camera's and the light's.
 */
export function clusters(grid: Grid, member: (cell: Cell) => boolean): Cell[][] {
  const at = new Map<number, Cell>();
  for (const cell of grid.cells) if (member(cell)) at.set(cell.row * grid.cols + cell.col, cell);
  const groups: Cell[][] = [];
  const done = new Set<number>();
  for (const [key, first] of at) {
    if (done.has(key)) continue;
    const group: Cell[] = [];
    const stack = [first];
    done.add(key);
    while (stack.length) {
      const cell = stack.pop()!;
      group.push(cell);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const col = cell.col + dx,
            row = cell.row + dy;
          if (col < 0 || row < 0 || col >= grid.cols || row >= grid.rows) continue;
          const k = row * grid.cols + col;
          const next = at.get(k);
          if (next && !done.has(k)) {
            done.add(k);
            stack.push(next);
          }
        }
    }
    groups.push(group);
  }
  return groups.sort((a, b) => b.length - a.length);
}

/** The box around a group of cells. */
export function boxOf(group: Cell[]): Box {
  const x0 = Math.min(...group.map((c) => c.box.x));
  const y0 = Math.min(...group.map((c) => c.box.y));
  const x1 = Math.max(...group.map((c) => c.box.x + c.box.width));
  const y1 = Math.max(...group.map((c) => c.box.y + c.box.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
