import type { NavItem } from '../protocol.ts';
import type { Channel } from './channel.ts';
import { hideAndWatchContent } from './declared-element.ts';

/**
 * `<ui-nav-menu>`: its links become the app's menu in the admin's sidebar. A click there arrives
 * as a `shopify:navigate` event dispatched on the matching link, for the app's router.
 */
export function defineNavMenu(channel: Channel): void {
  class UINavMenu extends HTMLElement {
    readonly #observer = new MutationObserver(() => this.#report());

    connectedCallback(): void {
      hideAndWatchContent(this, this.#observer);
      this.#report();
    }

    disconnectedCallback(): void {
      this.#observer.disconnect();
      channel.notify('navMenu.set', { items: [] });
    }

    #report(): void {
      const items: NavItem[] = [...this.querySelectorAll('a[href]')].map((link) => ({
        href: link.getAttribute('href') ?? '/',
        label: link.textContent?.trim() ?? '',
        home: link.getAttribute('rel') === 'home',
      }));
      channel.notify('navMenu.set', { items });
    }
  }
  customElements.define('ui-nav-menu', UINavMenu);

  channel.on('navigate', ({ href }) => {
    const link = [...document.querySelectorAll('ui-nav-menu a[href]')].find(
      (candidate) => candidate.getAttribute('href') === href,
    );
    if (link)
      link.dispatchEvent(new CustomEvent('shopify:navigate', { bubbles: true, composed: true }));
    else window.location.assign(href);
  });
}
