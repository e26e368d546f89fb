/**
 * Daily looks (experiment-to-date totals per arm, the control first) for the statistics' tests:
 * steady ones whose conversions are exactly each arm's rate, and seeded random ones drawn visitor
 * by visitor.
 */
import type { ArmTotals } from '../../../../../src/features/experiments/statistics/arm-totals.ts';
import { seeded } from '../../../../../emulators/productai/seeded-random.ts';

export function steadyLooks(days: number, perArmPerDay: number, rates: number[]): ArmTotals[][] {
  return Array.from({ length: days }, (_, day) =>
    rates.map((rate) => {
      const visitors = perArmPerDay * (day + 1);
      return { visitors, conversions: Math.round(rate * visitors) };
    }),
  );
}

/** Each visitor converts with its arm's rate; `perArmPerDay` visitors per arm each day. */
export function randomLooks(
  random: () => number,
  days: number,
  perArmPerDay: number,
  rates: number[],
): ArmTotals[][] {
  const looks: ArmTotals[][] = [];
  let totals: ArmTotals[] = rates.map(() => ({ visitors: 0, conversions: 0 }));
  for (let day = 0; day < days; day += 1) {
    totals = totals.map((arm, index) => {
      let conversions = arm.conversions;
      for (let visitor = 0; visitor < perArmPerDay; visitor += 1) {
        if (random() < rates[index]!) conversions += 1;
      }
      return { visitors: arm.visitors + perArmPerDay, conversions };
    });
    looks.push(totals);
  }
  return looks;
}

export { seeded };
