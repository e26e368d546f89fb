/**
 * Which results a start form offers as arms, and the traffic splits it offers for them: shared by
 * the app home's form and the product page block's, so both send what the server accepts (no zod
 * here: the app home and the extensions import it). An experiment tests the product's original
 * against one AI photo, or against up to MAX_AI_ARMS results of one click: the options of one
 * request the merchant published (`optionGroup`), the server refusing any other mix.
 */

/** The most AI photos of one experiment: the statistics compare up to three with the original. */
export const MAX_AI_ARMS = 3;

/** The least share of visitors an arm gets, in percent (the contract's bound on a weight). */
export const MIN_ARM_WEIGHT = 5;

interface Result {
  id: string;
  kind: string;
  state: string;
  optionGroup: string | null;
}

/** A published photo can be tested against the product's original. */
export function isTestable(result: Result): boolean {
  return result.kind === 'photo' && result.state === 'published';
}

/**
 * The results that can join `result` in one experiment: the published photos of its click (itself
 * included), oldest first as the click's options are numbered everywhere (ids sort by creation),
 * or itself alone when its click made one result.
 */
export function resultsOfOneClick<T extends Result>(result: T, among: readonly T[]): T[] {
  if (result.optionGroup === null) return [result];
  const group = among.filter(
    (other) =>
      other.optionGroup === result.optionGroup && isTestable(other) && other.id !== result.id,
  );
  return [result, ...group].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The AI photos' total shares of visitors offered, in percent: with one, 10 % to 90 %; with
 * several, totals each photo gets an equal whole share of (at least MIN_ARM_WEIGHT), up to 90 %.
 */
export function aiShares(aiArms: number): number[] {
  const step = aiArms === 1 ? 10 : MIN_ARM_WEIGHT * aiArms;
  const shares: number[] = [];
  for (let share = step; share <= 90; share += step) shares.push(share);
  return shares;
}

/** The share offered first: the one closest to every arm alike (the server's default). */
export function defaultAiShare(aiArms: number): number {
  const even = (100 * aiArms) / (aiArms + 1);
  return aiShares(aiArms).reduce((best, share) =>
    Math.abs(share - even) < Math.abs(best - even) ? share : best,
  );
}

/** The weights sent: the original's first, then each AI photo's equal part of `aiShare`. */
export function armWeights(aiShare: number, aiArms: number): number[] {
  const each = aiShare / aiArms;
  return [100 - aiShare, ...Array<number>(aiArms).fill(each)];
}
