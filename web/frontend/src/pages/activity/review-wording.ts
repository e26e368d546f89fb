import type { MessageKey } from '../../i18n/index.ts';
import type { ReviewBatchAction } from '../../shared/contract.ts';

/** How a decision over many results reads: the button, the confirmation, the progress. */
export const BATCH_WORDS: Readonly<
  Record<
    ReviewBatchAction,
    { verb: MessageKey; doing: MessageKey; done: MessageKey; consequence: MessageKey }
  >
> = {
  approve: {
    verb: 'batch.approve.verb',
    doing: 'batch.approve.doing',
    done: 'batch.approve.done',
    consequence: 'batch.approve.consequence',
  },
  reject: {
    verb: 'batch.reject.verb',
    doing: 'batch.reject.doing',
    done: 'batch.reject.done',
    consequence: 'batch.reject.consequence',
  },
  undo: {
    verb: 'batch.undo.verb',
    doing: 'batch.undo.doing',
    done: 'batch.undo.done',
    consequence: 'batch.undo.consequence',
  },
};
