/**
 * "About N more days to a decision", for one treatment against the control. The method: the
 * observed difference is taken as the truth and each arm keeps its average daily visitors so far
 * (visitors / days elapsed); day by day the arms' variances shrink as 1 / visitors, and the first
 * day whose look's mSPRT p-value falls below the arm's α is the projected decision (not before the
 * minimum duration). A projection, not a promise: the difference moves as data comes, so it is
 * recomputed daily. null when even then no day before the maximum duration would decide (the
 * difference is too small for the traffic): the experiment is heading for "no clear winner".
 */
import type { ArmMoments } from './arm-totals.ts';
import { lookPValue } from './msprt.ts';

export interface Projection {
  control: ArmMoments;
  treatment: ArmMoments;
  difference: number;
  tau2: number;
  /** The always-valid p-value so far and the α it is held to (Bonferroni's share). */
  pValue: number;
  alpha: number;
  day: number;
  minDays: number;
  maxDays: number;
}

export function daysToDecision(p: Projection): number | null {
  const untilMinimum = Math.max(0, p.minDays - p.day);
  if (p.pValue < p.alpha) return untilMinimum;
  if (p.day <= 0 || p.control.n === 0 || p.treatment.n === 0) return null;
  const controlDaily = p.control.n / p.day;
  const treatmentDaily = p.treatment.n / p.day;
  for (let ahead = 1; p.day + ahead <= p.maxDays; ahead += 1) {
    const variance =
      p.treatment.variance / (p.treatment.n + ahead * treatmentDaily) +
      p.control.variance / (p.control.n + ahead * controlDaily);
    if (lookPValue(p.difference, variance, p.tau2) < p.alpha) return Math.max(ahead, untilMinimum);
  }
  return null;
}
