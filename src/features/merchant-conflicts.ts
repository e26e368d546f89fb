/**
 * A race lost to another click or to the pipeline, in the merchant's words: "This generation is
 * published now, so it cannot be rejected." The store's StaleTransitionError knows the state it
 * found; the use case knows what the merchant tried.
 */
import { AppError } from '../platform/errors.ts';
import { StaleTransitionError } from '../pipeline/index.ts';

/** A merchant's action on a generation, and the words for it having been done. */
const DONE: Record<string, string> = {
  approve: 'approved',
  reject: 'rejected',
  undo: 'undone',
  retry: 'retried',
  cancel: 'cancelled',
};

export async function asMerchantAction<T>(action: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof StaleTransitionError)) throw error;
    const state = error.current.replace('_', ' ');
    throw new AppError(
      'conflict',
      'invalid_state',
      `This generation is ${state} now, so it cannot be ${DONE[action] ?? action}.`,
      { cause: error },
    );
  }
}
