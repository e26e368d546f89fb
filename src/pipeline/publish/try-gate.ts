/**
 * The ports of a changed result's next try (fidelity-retry.ts): what counts its credits before
 * it is sent (`TryGate`, given by the composition root: bulk runs' budgets, the rules' daily
 * cap) and the line it goes in. Apart from fidelity-retry.ts so the pipeline's context can name
 * them without importing the step that uses the context.
 */
import type { Generation } from '../generations/generation.ts';

export type TryAdmission = { admitted: true } | { admitted: false; reason: string };

/**
 * What counts a try's credits before it is sent (a bulk run's budget, the shop's daily cap for
 * automatic work): reserves them, or says why not in the merchant's words. Idempotent per
 * generation id: asked again for a try already admitted, it admits it without counting twice.
 */
export interface TryGate {
  reserve(generation: Generation): Promise<TryAdmission>;
}

/** Every gate in turn; the first that refuses decides (a try counts on at most one of them). */
export function allGates(...gates: TryGate[]): TryGate {
  return {
    async reserve(generation) {
      for (const gate of gates) {
        const admission = await gate.reserve(generation);
        if (!admission.admitted) return admission;
      }
      return { admitted: true };
    },
  };
}

/** What the pipeline needs to make a try: its gate and the line (pipeline.admit). */
export interface FidelityTries {
  gate: TryGate;
  admit(generation: Generation): Promise<unknown>;
}
