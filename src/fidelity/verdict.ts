/** The version every report carries: bump it when a threshold or a measure changes. */
export const FIDELITY_VERSION = 'fidelity-1';

import type { FidelityReport } from './fidelity-report.ts';

/** A result the check cannot read goes to a person: `check_it`, never `faithful`. */
export function uncheckable(reason: string): FidelityReport {
  return {
    verdict: 'check_it',
    checks: { located: false },
    findings: [`not checked: ${reason}`],
    version: FIDELITY_VERSION,
  };
}
