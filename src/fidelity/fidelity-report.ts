import type { CodedText } from '../platform/error-codes.ts';

/**
 * What the fidelity check says about one result: is the product in it still the product of the
 * source image? This is the module's public contract (the pipeline and the UI read it).
 */

export type FidelityVerdict = 'faithful' | 'check_it' | 'changed';

export type FidelityKind = 'image' | 'upscale';

/** A rectangle as fractions (0..1) of the result image's width and height. */
export interface FidelityRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FidelityChecks {
  /** CIEDE2000 between the product's main colours in source and result, and which part drifted most. */
  colour?: { deltaE: number; where: string };
  /** How well the product's outline and inner structure align once located: 1 is identical. */
  structure?: { score: number };
  /** Words read on the source product, and those not found again on the result. */
  text?: { expected: string[]; missing: string[] };
  /** Whether the source's product was found in the result at all. */
  located: boolean;
}

export interface FidelityReport {
  verdict: FidelityVerdict;
  checks: FidelityChecks;
  /** Plain English, e.g. "the red part has another colour", "the product looks stretched". */
  findings: string[];
  /**
   * `findings` coded, in the same order, for the merchant's language: a list beside the English
   * rather than in it, so the reports stored before codes read as they are and everything that
   * reads the English (the history's note, the hold's) is unchanged.
   */
  findingTexts: CodedText[];
  /** The product as located in the result, or the part that changed. */
  region?: FidelityRegion;
  /** The checker's version: reports of different versions are not comparable. */
  version: string;
}

export interface FidelityInput {
  /** The product image(s) sent with the request; the product is taken from the first readable one. */
  sources: Buffer[];
  result: Buffer;
  kind: FidelityKind;
}

export interface FidelityChecker {
  /**
   * Analyses the product image(s) ahead of their first result (kept by content), so the check
   * of the result reads only the result. Never rejects; a check works without it.
   */
  prepare(sources: Buffer[]): Promise<void>;
  /** Never rejects: a result the check cannot read is `check_it` with the reason in findings. */
  check(input: FidelityInput): Promise<FidelityReport>;
  /** Ends the worker threads; checks still waiting answer `check_it`. */
  close(): Promise<void>;
}
