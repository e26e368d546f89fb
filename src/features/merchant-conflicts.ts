/**
 * A race lost to another click or to the pipeline, in the merchant's words: "This generation is
 * published now, so it cannot be rejected." The store's StaleTransitionError knows the state it
 * found; the use case knows what the merchant tried.
 */
import { stateText, type CodedText } from '../app-api/error-codes.ts';
import { AppError } from '../platform/errors.ts';
import { StaleTransitionError } from '../pipeline/index.ts';

/** A merchant's action on a generation, and the words for it having been done. */
const DONE: Record<string, CodedText> = {
  approve: { code: 'done_approve' },
  reject: { code: 'done_reject' },
  undo: { code: 'done_undo' },
  retry: { code: 'done_retry' },
  cancel: { code: 'done_cancel' },
};

export async function asMerchantAction<T>(action: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof StaleTransitionError)) throw error;
    throw new AppError('conflict', 'invalid_state', {
      params: { state: stateText(error.current), action: DONE[action] ?? action },
      cause: error,
    });
  }
}
