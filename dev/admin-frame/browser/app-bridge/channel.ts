import {
  ADMIN_SOURCE,
  APP_SOURCE,
  type AdminEventName,
  type AdminEvents,
  type AdminMessage,
  type AppMessage,
  type CallName,
  type Calls,
  type NoticeName,
  type Notices,
} from '../protocol.ts';

export interface Channel {
  call<N extends CallName>(name: N, payload: Calls[N]['payload']): Promise<Calls[N]['result']>;
  notify<N extends NoticeName>(name: N, payload: Notices[N]): void;
  on<N extends AdminEventName>(name: N, listener: (payload: AdminEvents[N]) => void): void;
}

/** postMessage to the admin frame and back; only messages from the parent at its origin count. */
export function createChannel(adminOrigin: string): Channel {
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  const listeners = new Map<AdminEventName, Set<(payload: unknown) => void>>();
  const post = (message: AppMessage) => window.parent.postMessage(message, adminOrigin);

  window.addEventListener('message', (event: MessageEvent<AdminMessage>) => {
    if (event.source !== window.parent || event.origin !== adminOrigin) return;
    const message = event.data;
    if (message?.source !== ADMIN_SOURCE) return;
    if (message.kind === 'result') {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
      return;
    }
    for (const listener of listeners.get(message.name) ?? []) listener(message.payload);
  });

  return {
    call(name, payload) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        post({ source: APP_SOURCE, kind: 'call', id, name, payload });
      });
    },
    notify(name, payload) {
      post({ source: APP_SOURCE, kind: 'notice', name, payload });
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(name, set);
    },
  };
}
