import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useResource } from '../../api/useResource.ts';
import { isInFlight, LIVE_POLL_MS, WAITING_POLL_MS } from '../../lib/generation-states.ts';
import type { OptionGroupView } from '../../shared/contract.ts';

/** Live while an option is being made or published; slower while it waits; stops at the end. */
function nextPoll(group: OptionGroupView): number | null {
  const states = group.generations.map((option) => option.state);
  if (states.some(isInFlight)) return LIVE_POLL_MS;
  return states.includes('in_review') ? WAITING_POLL_MS : null;
}

/**
 * The options of one request, followed live, and the merchant's choice among them (the chosen
 * are published, every other option waiting in review is discarded). `null`: no request to read
 * (a result made alone), nothing asked.
 */
export function useOptionGroup(groupId: string | null) {
  const path = `/option-groups/${encodeURIComponent(groupId ?? '')}`;
  const group = useResource<OptionGroupView>(groupId === null ? null : path, nextPoll);
  const choose = useAction((ids: string[]) =>
    api.post<OptionGroupView>(`${path}/choose`, { generationIds: ids }),
  );
  const options = group.data?.generations ?? [];
  const waiting = options.filter((option) => option.state === 'in_review');
  const making = options.filter((option) => isInFlight(option.state)).length;
  return {
    group,
    choose,
    options,
    waiting,
    /** Options still being made: the choice waits for them. */
    making,
    decided: options.length > 0 && waiting.length === 0 && making === 0,
    published: options.some((option) => option.state === 'published'),
  };
}
