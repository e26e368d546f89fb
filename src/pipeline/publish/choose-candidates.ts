/**
 * The merchant's choice among the options of one request (generations sharing an option group,
 * each waiting in review): the chosen ones are approved (published like any approved result),
 * every other option waiting in review is rejected. A rejected option was never on the product,
 * so the product only ever gets the chosen results; its file is deleted from Files like any
 * rejected result (review-actions.ts says why).
 *
 * The choice is made once every option has arrived (in review) or ended: choosing while one is
 * still being made would leave it to land in review later, undecided.
 */
import { AppError, type ErrorKind } from '../../platform/errors.ts';
import { isTerminal, type Generation } from '../generations/generation.ts';
import { approveResult, rejectResult, type ReviewDeps } from './review-actions.ts';

type CandidateChoiceCode = 'options_not_found' | 'not_ready' | 'invalid_choice';

const KIND_OF: Record<CandidateChoiceCode, ErrorKind> = {
  options_not_found: 'not_found',
  not_ready: 'conflict',
  invalid_choice: 'invalid',
};

export class CandidateChoiceError extends AppError {
  override readonly name = 'CandidateChoiceError';
  constructor(code: CandidateChoiceCode) {
    super(KIND_OF[code], code);
  }
}

export async function chooseCandidates(
  deps: ReviewDeps,
  shop: string,
  group: string,
  chosenIds: readonly string[],
): Promise<Generation[]> {
  const options = await deps.generations.candidateGroup(shop, group);
  if (options.length === 0) throw new CandidateChoiceError('options_not_found');
  if (options.some((option) => option.state !== 'in_review' && !isTerminal(option.state))) {
    throw new CandidateChoiceError('not_ready');
  }
  const inReview = new Set(options.filter((o) => o.state === 'in_review').map((o) => o.id));
  const chosen = new Set(chosenIds);
  if (chosen.size === 0 || [...chosen].some((id) => !inReview.has(id))) {
    throw new CandidateChoiceError('invalid_choice');
  }
  for (const id of inReview) {
    await (chosen.has(id) ? approveResult : rejectResult)(deps, shop, id);
  }
  return deps.generations.candidateGroup(shop, group);
}
