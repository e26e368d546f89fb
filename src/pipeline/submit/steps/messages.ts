/** What the submit stage tells the merchant and writes in a generation's history. */
import { toldWhy } from '../../generations/reason.ts';

export const UNCERTAIN_MESSAGE = toldWhy(
  { code: 'reason_uncertain' },
  { code: 'action_uncertain' },
);

/** The history note of a submission ProductAI refused with 429 (it goes back in line). */
export const RATE_LIMITED_NOTE = 'ProductAI answered 429 (too many requests); back in line';
