import type { SaveBarState } from '../protocol.ts';

export interface SaveBarView {
  show(state: SaveBarState): void;
  hide(id: string): void;
  /** True while a save bar is up: leaving the page is blocked, as in the admin. */
  isOpen(): boolean;
  /** Draws attention to the bar when the merchant tries to leave with unsaved changes. */
  nudge(): void;
}

/**
 * The contextual save bar over the admin's top bar. Its buttons press the app's own
 * `<ui-save-bar>` buttons (through `onAction`), so the app's handlers run.
 */
export function createSaveBar(
  root: HTMLElement,
  onAction: (id: string, action: 'save' | 'discard') => void,
): SaveBarView {
  let current: SaveBarState | null = null;
  let confirming = false;
  const message = root.querySelector<HTMLElement>('[data-save-bar-message]')!;
  const save = root.querySelector<HTMLButtonElement>('[data-save-bar-save]')!;
  const discard = root.querySelector<HTMLButtonElement>('[data-save-bar-discard]')!;

  const render = () => {
    root.hidden = current === null;
    document.body.classList.toggle('has-save-bar', current !== null);
    if (!current) return;
    message.textContent = confirming ? 'Discard all unsaved changes?' : 'Unsaved changes';
    save.textContent = confirming
      ? 'Continue editing'
      : current.saveLoading
        ? 'Saving…'
        : current.saveLabel;
    save.disabled = !confirming && (current.saveDisabled || current.saveLoading);
    save.setAttribute('aria-busy', String(current.saveLoading));
    discard.textContent = current.discardLabel;
    discard.disabled = current.discardDisabled || current.discardLoading || current.saveLoading;
  };

  save.addEventListener('click', () => {
    if (!current) return;
    if (confirming) confirming = false;
    else onAction(current.id, 'save');
    render();
  });
  discard.addEventListener('click', () => {
    if (!current) return;
    if (current.discardConfirmation && !confirming) {
      confirming = true;
    } else {
      confirming = false;
      onAction(current.id, 'discard');
    }
    render();
  });

  return {
    show(state) {
      current = state;
      render();
    },
    hide(id) {
      if (current?.id !== id) return;
      current = null;
      confirming = false;
      render();
    },
    isOpen: () => current !== null,
    nudge() {
      root.classList.remove('nudge');
      void root.offsetWidth; // restart the animation
      root.classList.add('nudge');
      message.textContent = 'Save or discard your changes first';
    },
  };
}
