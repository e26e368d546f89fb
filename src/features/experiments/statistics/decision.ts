/**
 * The decision rule, applied at each daily look. A treatment is significant when its
 * always-valid p-value is below its share of α (Bonferroni: α / the number of treatments, so the
 * chance that any comparison declares falsely stays <= α with up to three AI photos).
 *  - From the minimum duration on: the winner is the significantly better treatment with the
 *    largest estimated uplift (several can be significantly better than the control; the order
 *    between them is the estimates', not a test); when every treatment is significantly worse,
 *    the control (the original image) wins. A treatment significantly worse while another is
 *    undecided keeps the experiment running: the other may still win.
 *  - A p-value below α before the minimum duration waits for it: the running minimum cannot go
 *    back up, so the winner is declared on the minimum's day.
 *  - At the maximum duration without a winner: "no clear winner".
 */

export type ExperimentStatus = 'running' | 'winner' | 'no_clear_winner';

export interface ArmVerdict {
  /** The arm's index among the experiment's arms; 0 is the control. */
  arm: number;
  pValue: number;
  alpha: number;
  estimate: number;
}

export interface Decision {
  status: ExperimentStatus;
  /** The winning arm's index (0: the control) when status is 'winner', else null. */
  winner: number | null;
}

export function decide(
  treatments: readonly ArmVerdict[],
  day: number,
  limits: { minDays: number; maxDays: number },
): Decision {
  if (day >= limits.minDays) {
    const significant = treatments.filter((t) => t.pValue < t.alpha);
    const better = significant.filter((t) => t.estimate > 0);
    if (better.length > 0) {
      const best = better.reduce((a, b) => (b.estimate > a.estimate ? b : a));
      return { status: 'winner', winner: best.arm };
    }
    const allWorse = treatments.length > 0 && significant.length === treatments.length;
    if (allWorse) return { status: 'winner', winner: 0 };
  }
  if (day >= limits.maxDays) return { status: 'no_clear_winner', winner: null };
  return { status: 'running', winner: null };
}
