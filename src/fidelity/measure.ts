/**
 * The located product, in the source's frame: the result is warped back onto the source with
 * the homography and its structure judged from its cells, each aligned on its own (cells.ts;
 * colour-parts.ts and label-text.ts compare colours and words on the same warp).
 */
import { boxOf, clusters, type Cell, type Grid } from './cells.ts';
import type { OpenCv } from './opencv.ts';
import type { Pixels } from './pixels.ts';
import { rgbMat, type Box } from './raster.ts';

/** A cell whose edges correlate less than this with the source's has changed (or is hidden). */
const CELL_AGREES = 0.45;
/**
 * A textured cell whose edges keep less than this of the product's typical strength, and no
 * longer line up well (FADED_AGREES), lost its detail: a logo or lettering painted out or
 * blurred.
 */
const FADED = 0.45;
const FADED_AGREES = 0.7;
/**
 * A cell whose source edges are this strong against the product's typical textured cell holds
 * the product's own detail (a letter, a logo, a display). Measured on both labelled sets, with
 * blocks of 5 or more touching unlike cells: on the drawn set's faithful results such blocks lie
 * where the source is plain and the scene's light drew edges (the block's median cell at
 * 0.19-0.47 of the typical strength; a limit of 0.45 held one of 203, 0.5 none); lettering and
 * logos changed on the real photographs lie on cells at 0.84-1.09 (a limit of 1 lost a watch's
 * display). 0.6 sits between.
 */
const DETAIL = 0.6;
/**
 * A cell over the source's detail counts towards a changed block only under this correlation:
 * a drawn product's faithful result lit across its detail read 0.34-0.45 on 4-5 such cells (its
 * block of 5 came and went between runs, as the source's cut-out varies), under 0.4 on 3; the
 * changed lettering's blocks on the real photographs keep 5-23 cells under 0.4.
 */
const CLEARLY_UNLIKE = 0.4;

/** A group of cells: its share of the product's cells, how many, and its box (source frame). */
export interface CellGroup {
  share: number;
  cells: number;
  box: Box;
}

export interface Structure {
  /** Mean correlation of the product's edges, cell by cell (1: identical). */
  score: number;
  /** Share of the product's cells that no longer agree. */
  changedShare: number;
  /** The largest group of touching cells that no longer agree. */
  unlike?: CellGroup;
  /** The largest group of touching cells whose detail faded. */
  faded?: CellGroup;
  /**
   * The largest group of touching cells clearly unlike (CLEARLY_UNLIKE) where the source holds
   * detail (DETAIL): lettering or a logo written over, where the whole product agrees.
   */
  detailChanged?: CellGroup;
  /**
   * Share of the product's cells that do not agree where the homography puts them, before each
   * is aligned on its own: a product bent in waves (a warp) disagrees here on most of its cells
   * (70 % or more on the drawn set), a product shown as photographed on few.
   */
  inPlaceShare: number;
}

/**
 * The result as a 4-channel Mat (alpha 255 everywhere), made once per check: every warp reads
 * from it, and a pixel a warp takes from outside the result comes out with alpha 0 ("not seen").
 */
export function resultMat(cv: OpenCv, result: Pixels) {
  const rgb = rgbMat(cv, result);
  const rgba = new cv.Mat();
  cv.cvtColor(rgb, rgba, cv.COLOR_RGB2RGBA);
  rgb.delete();
  return rgba;
}

export function warpBack(
  cv: OpenCv,
  result: InstanceType<OpenCv['Mat']>,
  h: number[],
  source: { width: number; height: number },
  offset = { x: 0, y: 0 },
  scale = 1,
): Pixels & { seen: Uint8Array } {
  // Destination pixel (u, v) is source point ((u + offset) / scale); H maps it into the result.
  const t = [1 / scale, 0, offset.x / scale, 0, 1 / scale, offset.y / scale, 0, 0, 1];
  const hm = cv.matFromArray(3, 3, cv.CV_64F, multiply(h, t));
  const out = new cv.Mat();
  cv.warpPerspective(
    result,
    out,
    hm,
    new cv.Size(source.width, source.height),
    cv.INTER_LINEAR | cv.WARP_INVERSE_MAP,
    cv.BORDER_CONSTANT,
    new cv.Scalar(0, 0, 0, 0),
  );
  // One view of the Mat's memory: each `.data` access makes a new one, and a loop that asks
  // for it per pixel took seconds at 1024 px (measured: most of a check's time).
  const data = out.data;
  const n = source.width * source.height;
  const rgb = new Uint8Array(n * 3);
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = data[i * 4]!;
    rgb[i * 3 + 1] = data[i * 4 + 1]!;
    rgb[i * 3 + 2] = data[i * 4 + 2]!;
    seen[i] = data[i * 4 + 3]! > 200 ? 1 : 0;
  }
  for (const o of [hm, out]) o.delete();
  return { width: source.width, height: source.height, rgb, seen };
}

function multiply(a: number[], b: number[]): number[] {
  const r = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      for (let k = 0; k < 3; k++) r[i * 3 + j]! += a[i * 3 + k]! * b[k * 3 + j]!;
  return r;
}

export function structure(grid: Grid): Structure {
  const { cells } = grid;
  if (cells.length === 0) return { score: 0, changedShare: 1, inPlaceShare: 1 };
  const unlike = (c: Cell) => !agrees(c);
  // Edges fade alike over a whole result that is softer or lit flatter than its source: a
  // cell's edge strength is judged against the product's own median.
  const textured = cells.filter((c) => c.textured);
  const typical = median(textured.map((c) => c.energy)) || 1;
  // Detail fades inside the product; its outline's contrast is the scene's.
  const faded = (c: Cell) =>
    c.inside && c.textured && c.energy / typical < FADED && c.correlation < FADED_AGREES;
  const largest = (member: (c: Cell) => boolean) => {
    const group = clusters(grid, member)[0];
    return group
      ? { share: group.length / cells.length, cells: group.length, box: boxOf(group) }
      : undefined;
  };
  const strong = textured.length ? median(textured.map((c) => c.strength)) * DETAIL : Infinity;
  const changed = cells.filter(unlike).length;
  const biggestUnlike = largest(unlike);
  const biggestFaded = largest(faded);
  const biggestDetail = largest((c) => c.correlation < CLEARLY_UNLIKE && c.strength >= strong);
  return {
    score: cells.reduce((sum, c) => sum + c.correlation, 0) / cells.length,
    changedShare: changed / cells.length,
    ...(biggestUnlike ? { unlike: biggestUnlike } : {}),
    ...(biggestFaded ? { faded: biggestFaded } : {}),
    ...(biggestDetail ? { detailChanged: biggestDetail } : {}),
    inPlaceShare: cells.filter((c) => c.inPlace < CELL_AGREES).length / cells.length,
  };
}

/** Whether a cell's edges still agree with the source's (where it lines up best). */
export function agrees(cell: Cell): boolean {
  return cell.correlation >= CELL_AGREES;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
