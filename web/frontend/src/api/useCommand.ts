import { api } from './client.ts';
import { useAction, type Action } from './useAction.ts';

export interface Command<C extends string> extends Pick<
  Action<[C], unknown>,
  'pending' | 'error' | 'clearError'
> {
  perform: (name: C) => Promise<void>;
}

/**
 * A record's command buttons (pause, cancel, end…): POSTs `<path>/<name>`, and once it is done
 * says so in a toast and lets the page reload what changed.
 */
export function useCommand<C extends string>(
  path: string,
  done: (name: C) => string,
  onChange: () => void,
): Command<C> {
  const command = useAction((name: C) => api.post<unknown>(`${path}/${name}`));
  const perform = async (name: C) => {
    if (await command.run(name)) {
      shopify.toast.show(done(name));
      onChange();
    }
  };
  return {
    perform,
    pending: command.pending,
    error: command.error,
    clearError: command.clearError,
  };
}
