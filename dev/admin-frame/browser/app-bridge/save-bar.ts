import type { SaveBarState } from '../protocol.ts';
import type { Channel } from './channel.ts';
import { hideAndWatchContent } from './declared-element.ts';

/**
 * `<ui-save-bar id="…">` with a `<button variant="primary">` (Save) and a plain `<button>`
 * (Discard): the admin draws the bar over its top bar; pressing its buttons clicks these.
 */
export function defineSaveBar(channel: Channel): void {
  class UISaveBar extends HTMLElement {
    #showing = false;
    readonly #observer = new MutationObserver(() => this.#report());

    connectedCallback(): void {
      hideAndWatchContent(this, this.#observer);
    }

    disconnectedCallback(): void {
      this.#observer.disconnect();
      if (this.#showing) void this.hide();
    }

    get showing(): boolean {
      return this.#showing;
    }

    get discardConfirmation(): boolean {
      return this.hasAttribute('discardconfirmation');
    }

    set discardConfirmation(value: boolean) {
      this.toggleAttribute('discardconfirmation', value);
    }

    async show(): Promise<void> {
      if (this.#showing) return;
      this.#showing = true;
      this.#report();
      this.dispatchEvent(new Event('show'));
    }

    async hide(): Promise<void> {
      if (!this.#showing) return;
      this.#showing = false;
      channel.notify('saveBar.hide', { id: this.id });
      this.dispatchEvent(new Event('hide'));
    }

    async toggle(): Promise<void> {
      await (this.#showing ? this.hide() : this.show());
    }

    button(action: 'save' | 'discard'): HTMLButtonElement | null {
      return action === 'save'
        ? this.querySelector('button[variant="primary"]')
        : this.querySelector('button:not([variant="primary"])');
    }

    #report(): void {
      if (!this.#showing) return;
      const save = this.button('save');
      const discard = this.button('discard');
      const state: SaveBarState = {
        id: this.id,
        saveLabel: save?.textContent?.trim() || 'Save',
        discardLabel: discard?.textContent?.trim() || 'Discard',
        saveLoading: save?.hasAttribute('loading') ?? false,
        saveDisabled: save?.hasAttribute('disabled') ?? false,
        discardLoading: discard?.hasAttribute('loading') ?? false,
        discardDisabled: discard?.hasAttribute('disabled') ?? false,
        discardConfirmation: this.discardConfirmation,
      };
      channel.notify('saveBar.show', state);
    }
  }
  customElements.define('ui-save-bar', UISaveBar);

  channel.on('saveBar.action', ({ id, action }) => {
    const bar = document.getElementById(id);
    if (bar instanceof UISaveBar) bar.button(action)?.click();
  });
}

type SaveBarElement = HTMLElement & {
  show(): Promise<void>;
  hide(): Promise<void>;
  toggle(): Promise<void>;
  showing: boolean;
};

function saveBar(id: string): SaveBarElement {
  const element = document.getElementById(id);
  if (element?.localName !== 'ui-save-bar')
    throw new Error(`No <ui-save-bar id="${id}"> on the page`);
  return element as SaveBarElement;
}

/** `shopify.saveBar`: the same bar, driven by id. */
export const saveBarApi = {
  show: (id: string) => saveBar(id).show(),
  hide: (id: string) => saveBar(id).hide(),
  toggle: (id: string) => saveBar(id).toggle(),
  async leaveConfirmation(): Promise<void> {
    const open = [...document.querySelectorAll('ui-save-bar')].some(
      (bar) => (bar as SaveBarElement).showing,
    );
    if (open) throw new Error('There are unsaved changes: save or discard them first.');
  },
};
