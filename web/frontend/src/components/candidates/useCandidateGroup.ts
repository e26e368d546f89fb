import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useResource } from '../../api/useResource.ts';
import { isInFlight, LIVE_POLL_MS, WAITING_POLL_MS } from '../../lib/generation-states.ts';
import type { CandidateGroupView } from '../../shared/contract.ts';

/** Live while a candidate is being made or published; slower while it waits; stops at the end. */
function nextPoll(group: CandidateGroupView): number | null {
  const states = group.generations.map((candidate) => candidate.state);
  if (states.some(isInFlight)) return LIVE_POLL_MS;
  return states.includes('in_review') ? WAITING_POLL_MS : null;
}

/**
 * The candidates of one request, followed live, and the merchant's choice among them (the chosen
 * are published, every other candidate waiting in review is discarded). `null`: no request to read
 * (a result made alone), nothing asked.
 */
export function useCandidateGroup(groupId: string | null) {
  const path = `/option-groups/${encodeURIComponent(groupId ?? '')}`;
  const group = useResource<CandidateGroupView>(groupId === null ? null : path, nextPoll);
  const choose = useAction((ids: string[]) =>
    api.post<CandidateGroupView>(`${path}/choose`, { generationIds: ids }),
  );
  const candidates = group.data?.generations ?? [];
  const waiting = candidates.filter((candidate) => candidate.state === 'in_review');
  const making = candidates.filter((candidate) => isInFlight(candidate.state)).length;
  return {
    group,
    choose,
    candidates,
    waiting,
    /** Options still being made: the choice waits for them. */
    making,
    decided: candidates.length > 0 && waiting.length === 0 && making === 0,
    published: candidates.some((candidate) => candidate.state === 'published'),
  };
}
