/**
 * The apps' blocks on a resource page, below its main cards, as the admin shows them: each is
 * its extension's page (its real bundle) in a frame, as tall as its content (the page posts its
 * height as it changes), and its `app:` links open the app's page.
 */
import { EXTENSION_MESSAGE_SOURCE, type ExtensionMessage } from '../extension-host/protocol.ts';
import { openAppLink } from './app-page-link.ts';

export function wireBlocks(base: string): void {
  const frames = [...document.querySelectorAll<HTMLIFrameElement>('iframe[data-app-block]')];
  if (frames.length === 0) return;
  window.addEventListener('message', (event: MessageEvent<ExtensionMessage>) => {
    const frame = frames.find((candidate) => candidate.contentWindow === event.source);
    if (!frame || event.data?.source !== EXTENSION_MESSAGE_SOURCE) return;
    if (event.data.kind === 'resize') frame.style.height = `${event.data.height}px`;
    else if (event.data.kind === 'navigate') openAppLink(base, event.data.href);
  });
}
