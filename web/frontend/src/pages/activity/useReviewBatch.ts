import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useResource } from '../../api/useResource.ts';
import type { CreateReviewBatchRequest, ReviewBatchView } from '../../shared/contract.ts';

const PROGRESS_POLL_MS = 1000;

/**
 * Starts one decision over many generations on the server (review-batches) and follows its
 * progress; `onFinished` runs once when it ends (the list reloads to show the new states).
 */
export function useReviewBatch(onFinished: () => void) {
  const [batchId, setBatchId] = useState<string | null>(null);
  const start = useAction((request: CreateReviewBatchRequest) =>
    api.post<ReviewBatchView>('/review-batches', request),
  );
  const progress = useResource<ReviewBatchView>(
    batchId ? `/review-batches/${encodeURIComponent(batchId)}` : null,
    (view) => (view.state === 'running' ? PROGRESS_POLL_MS : null),
  );
  const finishedRef = useRef<string | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const view = progress.data;
  useEffect(() => {
    if (view?.state === 'done' && finishedRef.current !== view.id) {
      finishedRef.current = view.id;
      finished.current();
    }
  }, [view]);

  return {
    view,
    pending: start.pending,
    error: start.error ?? progress.error,
    clearError: start.clearError,
    async run(request: CreateReviewBatchRequest): Promise<boolean> {
      const started = await start.run(request);
      if (started) setBatchId(started.id);
      return started !== undefined;
    },
    dismiss: () => setBatchId(null),
  };
}

export type ReviewBatch = ReturnType<typeof useReviewBatch>;
