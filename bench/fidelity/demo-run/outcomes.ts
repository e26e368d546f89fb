/**
 * Each result of the run as the app reports it, joined with what the ProductAI emulator did to
 * it: the emulator records on every job whether (and how) it changed the product, which the
 * API never shows, so that record is the truth the app's verdict is measured against.
 */
import type { FidelityView, GenerationView } from '../../../src/app-api/contract.ts';
import type { ProductChange } from '../../../emulators/productai/render/product-change.ts';
import { productAiControlAt } from '../../../test/support/productai-accounts.ts';

export interface Outcome {
  generation: GenerationView;
  /** What the emulator did to the product; null: rendered faithfully. */
  change: ProductChange | null;
  /** The app's report on the result. */
  fidelity: FidelityView;
}

/** Terminal without a result: nothing was checked, so the run counts them apart. */
const NO_RESULT = new Set(['failed', 'cancelled']);

interface EmulatorJob {
  id: number;
  change: ProductChange | null;
}

/** The emulator's record of every job of the account, by job id. */
export async function emulatorChanges(
  productAiUrl: string,
  key: string,
): Promise<Map<number, ProductChange | null>> {
  const control = productAiControlAt(productAiUrl);
  const { jobs } = (await control('GET', `/jobs?key=${encodeURIComponent(key)}`)) as {
    jobs: EmulatorJob[];
  };
  return new Map(jobs.map((job) => [job.id, job.change]));
}

/** Every generation is either checked (fidelity written) or ended without a result. */
export function settled(generation: GenerationView): boolean {
  return generation.fidelity !== null || NO_RESULT.has(generation.state);
}

/** Checked generations joined with their jobs; the others (failed, cancelled) left out. */
export function outcomesOf(
  generations: readonly GenerationView[],
  changes: ReadonlyMap<number, ProductChange | null>,
): Outcome[] {
  const outcomes: Outcome[] = [];
  for (const generation of generations) {
    if (!generation.fidelity || generation.productAiJobId === null) continue;
    const change = changes.get(generation.productAiJobId);
    if (change === undefined) {
      throw new Error(`job ${generation.productAiJobId} is not in the emulator's record`);
    }
    outcomes.push({ generation, change, fidelity: generation.fidelity });
  }
  return outcomes;
}
