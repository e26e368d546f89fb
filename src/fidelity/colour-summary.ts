/**
 * The colour figures a verdict reads, from the cells' colour differences (colour-parts.ts): how
 * far the product's colour moved as a whole (the median cell) and the most changed part (the
 * largest difference a group of touching cells all reach).
 */
import type { FidelityRegion } from './fidelity-report.ts';
import { boxOf } from './cells.ts';
import { colourName } from '../platform/colour-name.ts';
import type { ColourCell, ColourParts } from './colour-parts.ts';
import type { Box } from './raster.ts';

/**
 * Differences tried for a part, largest first (CIEDE2000 on chroma and hue).
 */
const STEPS = [40, 32, 26, 22, 18, 15, 12, 10, 8, 6, 4, 2];
/**
 * A part is at least this many touching cells and this share of the product's cells: one cell
 * alone is a highlight or a reflection; a small part (a collar, a cap) is a few cells.
 */
const PART_CELLS = 2;
const PART_SHARE = 0.015;

/** A part of the product by its colour: where its cells all reach one step of difference. */
export interface ColourPart {
  /** The difference (or chroma gained) its cells all reach. */
  deltaE: number;
  share: number;
  name: string;
  region: FidelityRegion;
}

export interface ColourSummary {
  /** The median cell's difference: the product's colour as a whole. */
  deltaE: number;
  /** The most changed part: the difference its cells all reach, its share, colour and place. */
  part?: ColourPart;
  /** The white or grey part that gained the most chroma: the chroma its cells all gained. */
  tinted?: ColourPart;
  /** The most changed part, the coloured cells beyond the matched area counted too. */
  beyond?: ColourPart;
}

export function colourSummary(
  parts: ColourParts,
  region: (box: Box) => FidelityRegion,
): ColourSummary {
  const values = parts.cells.map((c) => c.deltaE).sort((a, b) => a - b);
  const deltaE = values[Math.floor(values.length / 2)] ?? 0;
  const total = parts.cells.length;
  const part = mostChanged(parts.changed, total, region);
  const tinted = mostChanged(parts.gained, total, region);
  const beyond = mostChanged(parts.changedBeyond, total + parts.beyond.length, region);
  return {
    deltaE,
    ...(part ? { part } : {}),
    ...(tinted ? { tinted } : {}),
    ...(beyond ? { beyond } : {}),
  };
}

/** The largest step a part (PART_CELLS, PART_SHARE of the product's cells) all reaches. */
function mostChanged(
  groups: (limit: number) => ColourCell[][],
  total: number,
  region: (box: Box) => FidelityRegion,
): ColourPart | undefined {
  for (const step of STEPS) {
    const group = groups(step)[0];
    if (!group || group.length < PART_CELLS || group.length < total * PART_SHARE) continue;
    const n = group.length;
    const mean = group.reduce(
      (m, c) => ({ l: m.l + c.lab.l / n, a: m.a + c.lab.a / n, b: m.b + c.lab.b / n }),
      { l: 0, a: 0, b: 0 },
    );
    return {
      deltaE: step,
      share: n / total,
      name: colourName(mean),
      region: region(boxOf(group.map((c) => c.cell))),
    };
  }
  return undefined;
}
