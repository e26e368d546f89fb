/**
 * The merchant's decision on a product's set of results made one per variant, taken
 * together: approve or reject one value's result, some, or every result of the set waiting in
 * review. A value asked with several options (the options picker, per variant) is decided as its
 * option group is (choose-candidates.ts): the chosen option published, the value's other options
 * discarded; a value shows one image, so one option per value may be chosen.
 *
 * The set is read among the product's generations, newest first, down to the set's creation
 * (its id is stamped before its generations': ids sort by time), so no index is kept for it.
 */
import { AppError } from '../../platform/errors.ts';
import type { Generation } from '../generations/generation.ts';
import { chooseCandidates } from './choose-candidates.ts';
import { refuseUnconfirmedFlagged } from './flagged-approval.ts';
import { approveResult, rejectResult, type ReviewDeps } from './review-actions.ts';

/** The time part of an id (ULID layout, ids.ts): what a set's generations are at or after. */
const TIME_CHARS = 10;
const PAGE = 50;

export class VariantSetDecisionError extends AppError {
  override readonly name = 'VariantSetDecisionError';
}

export async function variantSetGenerations(
  deps: Pick<ReviewDeps, 'generations'>,
  shop: string,
  productId: string,
  setId: string,
): Promise<Generation[]> {
  const since = setId.slice(0, TIME_CHARS);
  const found: Generation[] = [];
  let cursor: string | null | undefined;
  do {
    const page = await deps.generations.list(shop, { productId }, { cursor, limit: PAGE });
    for (const generation of page.generations) {
      if (generation.variant?.setId === setId) found.push(generation);
    }
    const last = page.generations.at(-1);
    if (!last || last.id.slice(0, TIME_CHARS) < since) break;
    cursor = page.nextCursor;
  } while (cursor);
  // In the product's order of values (as made), each value's options oldest first.
  return found.reverse();
}

export interface VariantSetDecision {
  action: 'approve' | 'reject';
  /** The results decided (all of the set waiting in review when absent). */
  generationIds?: readonly string[];
  /** The merchant confirmed approving results the fidelity check flagged (flagged-approval.ts). */
  approveFlagged?: boolean;
}

export async function decideVariantSet(
  deps: ReviewDeps,
  shop: string,
  productId: string,
  setId: string,
  decision: VariantSetDecision,
): Promise<Generation[]> {
  const set = await variantSetGenerations(deps, shop, productId, setId);
  if (set.length === 0) {
    throw new VariantSetDecisionError('not_found', 'variant_set_not_found');
  }
  const inReview = set.filter((generation) => generation.state === 'in_review');
  const named = decision.generationIds ? new Set(decision.generationIds) : null;
  if (named && [...named].some((id) => !inReview.some((generation) => generation.id === id))) {
    throw new VariantSetDecisionError('conflict', 'not_in_review');
  }
  const chosen = inReview.filter((generation) => !named || named.has(generation.id));
  if (decision.action === 'reject') {
    for (const generation of chosen) await rejectResult(deps, shop, generation.id);
  } else {
    await approve(deps, shop, chosen, named !== null, decision.approveFlagged === true);
  }
  return variantSetGenerations(deps, shop, productId, setId);
}

/**
 * Approves the chosen results: a value with one result is approved; a value with options is
 * chosen among (one option, named), and left for the merchant's choice by an "approve all".
 */
async function approve(
  deps: ReviewDeps,
  shop: string,
  chosen: readonly Generation[],
  named: boolean,
  approveFlagged: boolean,
): Promise<void> {
  const single = chosen.filter((generation) => !generation.optionGroup);
  const groups = new Map<string, Generation[]>();
  for (const generation of chosen) {
    if (!generation.optionGroup) continue;
    groups.set(generation.optionGroup, [...(groups.get(generation.optionGroup) ?? []), generation]);
  }
  const twice = [...groups.values()].find((options) => options.length > 1);
  if (named && twice) {
    throw new VariantSetDecisionError('invalid', 'one_per_value', {
      params: { value: twice[0]!.variant!.value },
    });
  }
  // What is published: options only when named (an "approve all" leaves them to be chosen).
  refuseUnconfirmedFlagged(named ? chosen : single, approveFlagged);
  for (const generation of single) await approveResult(deps, shop, generation.id);
  if (!named) return;
  for (const [group, options] of groups)
    await chooseCandidates(deps, shop, group, [options[0]!.id]);
}
