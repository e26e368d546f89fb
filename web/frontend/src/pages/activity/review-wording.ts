import type { ReviewBatchAction } from '../../shared/contract.ts';

/** How a decision over many results reads: the button, the confirmation, the progress. */
export const BATCH_WORDS: Readonly<
  Record<ReviewBatchAction, { verb: string; doing: string; done: string; consequence: string }>
> = {
  approve: {
    verb: 'Approve',
    doing: 'Approving',
    done: 'Approved',
    consequence:
      'Each result is added to its product’s media, as your Publishing settings say. You can undo it later.',
  },
  reject: {
    verb: 'Reject',
    doing: 'Rejecting',
    done: 'Rejected',
    consequence: 'The results are discarded and deleted from Files. The products are not changed.',
  },
  undo: {
    verb: 'Undo',
    doing: 'Undoing',
    done: 'Undone',
    consequence:
      'Each result is removed from its product’s media and the previous featured image is put back. The files stay in Content > Files.',
  },
};

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
