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

export type CallHandlers = {
  [N in CallName]: (payload: Calls[N]['payload']) => Promise<Calls[N]['result']>;
};
export type NoticeHandlers = { [N in NoticeName]: (payload: Notices[N]) => void };

export interface Host {
  send<N extends AdminEventName>(name: N, payload: AdminEvents[N]): void;
}

/** The admin's end of the channel: answers the app's calls and notices, pushes events to it. */
export function hostApp(
  frame: HTMLIFrameElement,
  appOrigin: string,
  calls: CallHandlers,
  notices: NoticeHandlers,
): Host {
  const post = (message: AdminMessage) => frame.contentWindow?.postMessage(message, appOrigin);
  window.addEventListener('message', (event: MessageEvent<AppMessage>) => {
    if (event.source !== frame.contentWindow || event.origin !== appOrigin) return;
    const message = event.data;
    if (message?.source !== APP_SOURCE) return;
    if (message.kind === 'notice') {
      (notices[message.name] as (payload: unknown) => void)(message.payload);
      return;
    }
    const handler = calls[message.name] as (payload: unknown) => Promise<unknown>;
    handler(message.payload).then(
      (result) => post({ source: ADMIN_SOURCE, kind: 'result', id: message.id, result }),
      (error: unknown) =>
        post({
          source: ADMIN_SOURCE,
          kind: 'result',
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
  });
  return {
    send(name, payload) {
      post({ source: ADMIN_SOURCE, kind: 'event', name, payload });
    },
  };
}
