/**
 * From measures to a verdict, with the thresholds in one place. Tuned on the labelled set
 * (bench/fidelity): see the README's figures. Upscales must keep colour and structure almost
 * exactly, so their limits are tighter.
 */
import type { FidelityKind, FidelityRegion, FidelityReport } from './fidelity-report.ts';

/** The version every report carries: bump it when a threshold or a measure changes. */
export const FIDELITY_VERSION = 'fidelity-4';

interface Limits {
  /**
   * CIEDE2000 (2:1:1, lightness matched, main colours weighted by area) from which a colour is
   * `check it`, then `changed`.
   */
  deltaE: [number, number];
  /** Share of the product's cells whose structure no longer agrees. */
  changedShare: [number, number];
  /** Stretch one way more than the other (1: none). */
  stretch: [number, number];
}

/**
 * Image limits from the tuning half (even products) of the labelled set's first 118 pairs: on
 * faithful results ΔE at most 5.6, changed cells 58 %, stretch 1.011; on changed ones ΔE 12 or
 * more for 30° recolours, changed cells 78 % or more for warps, stretch 1.044 or more for
 * reshapes. Colour is changed from ΔE 8 (was 9): on the 342 pairs of `make-set.ts 64` faithful
 * results reached ΔE 6.1 and the weakest 30° recolour 8.1 (a pale green product); ΔE 8 is a
 * difference anyone sees side by side.
 */
export const LIMITS: Record<FidelityKind, Limits> = {
  image: { deltaE: [7, 8], changedShare: [0.6, 0.7], stretch: [1.03, 1.04] },
  upscale: { deltaE: [2, 3], changedShare: [0.06, 0.1], stretch: [1.02, 1.04] },
};

/** Features the source needs before "not found" can mean "replaced" rather than "no detail". */
const ENOUGH_DETAIL = 60;

export type Measures =
  | { readable: false; reason: string }
  | {
      readable: true;
      sourcePoints: number;
      located: false;
    }
  | {
      readable: true;
      sourcePoints: number;
      located: true;
      inliers: number;
      stretch: number;
      structure: number;
      changedShare: number;
      colour?: { deltaE: number; where: string };
      text?: { expected: string[]; missing: string[]; unread: string[] };
      /** The source's text lines no word was read on, and how many of them changed. */
      unreadLines?: { of: number; changed: number };
      productRegion: FidelityRegion;
      changedRegion?: FidelityRegion;
    };

export function decide(kind: FidelityKind, m: Measures): FidelityReport {
  if (!m.readable) return uncheckable(m.reason);
  if (!m.located) {
    if (m.sourcePoints < ENOUGH_DETAIL)
      return uncheckable('the product has too little detail to be found in the result');
    return {
      verdict: 'changed',
      checks: { located: false },
      findings: ['product not found in the result: missing or replaced by another object'],
      version: FIDELITY_VERSION,
    };
  }
  const limits = LIMITS[kind];
  const findings: string[] = [];
  let level = 0;
  const grade = (value: number, [check, changed]: [number, number]) =>
    value >= changed ? 2 : value >= check ? 1 : 0;

  if (m.colour) {
    const g = grade(m.colour.deltaE, limits.deltaE);
    level = Math.max(level, g);
    if (g) findings.push(`colour differs: ΔE ${Math.round(m.colour.deltaE)} on ${m.colour.where}`);
  }
  const shape = Math.max(
    grade(m.changedShare, limits.changedShare),
    grade(m.stretch, limits.stretch),
  );
  level = Math.max(level, shape);
  if (grade(m.stretch, limits.stretch))
    findings.push(`shape differs: stretched ${m.stretch.toFixed(2)}× one way`);
  if (grade(m.changedShare, limits.changedShare))
    findings.push(
      `shape or detail differs on ${Math.round(m.changedShare * 100)} % of the product`,
    );
  for (const word of m.text?.missing ?? []) {
    level = 2;
    findings.push(`label text '${word}' not found`);
  }
  for (const word of m.text?.unread ?? []) {
    level = Math.max(level, 1);
    findings.push(`label text '${word}' not read again`);
  }
  if (m.unreadLines?.changed) {
    level = 2;
    findings.push(
      `label text changed on ${m.unreadLines.changed} of ${m.unreadLines.of} lines (not read on the product image)`,
    );
  }
  const verdict = (['faithful', 'check_it', 'changed'] as const)[level]!;
  return {
    verdict,
    checks: {
      located: true,
      structure: { score: round(m.structure) },
      ...(m.colour ? { colour: { deltaE: round(m.colour.deltaE), where: m.colour.where } } : {}),
      ...(m.text ? { text: { expected: m.text.expected, missing: m.text.missing } } : {}),
    },
    findings,
    region: verdict !== 'faithful' && shape && m.changedRegion ? m.changedRegion : m.productRegion,
    version: FIDELITY_VERSION,
  };
}

/** A result the check cannot read goes to a person: `check_it`, never `faithful`. */
export function uncheckable(reason: string): FidelityReport {
  return {
    verdict: 'check_it',
    checks: { located: false },
    findings: [`not checked: ${reason}`],
    version: FIDELITY_VERSION,
  };
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
