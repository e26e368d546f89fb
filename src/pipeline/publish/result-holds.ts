/**
 * What verify asks before publishing a ready result: does something other than the shop's
 * settings decide where it goes? A campaign's results (src/features/campaigns) wait in
 * `in_review` until the campaign starts and then go live as the featured image, whatever the
 * shop's review mode and media position say. The port keeps publish ignorant of campaigns.
 *
 *  - `hold`: to `in_review` with `note` (shown in Activity), even if it was approved;
 *  - `featured`: publish it now, as the product's featured image (true) or appended (false);
 *  - null: the shop's settings decide, as for any click.
 */
import type { Generation } from '../generations/generation.ts';

export type ResultPlacement =
  { hold: true; note: string } | { hold: false; featured: boolean } | null;

/** The first placement any of the holds decides (campaigns, rules for new products). */
export function firstOfHolds(...holds: ResultHolds[]): ResultHolds {
  return {
    async placementOf(generation) {
      for (const hold of holds) {
        const placement = await hold.placementOf(generation);
        if (placement) return placement;
      }
      return null;
    },
  };
}

export interface ResultHolds {
  placementOf(generation: Generation): Promise<ResultPlacement>;
}

/** The note approveResult records: a held result remembers it was approved. */
export const APPROVED_NOTE = 'Approved';

export function wasApprovedByMerchant(generation: Generation): boolean {
  return generation.transitions.some(
    (transition) => transition.state === 'saving' && transition.note === APPROVED_NOTE,
  );
}
