import type { PickedResource, PickerOptions } from '../protocol.ts';

type Listed = PickedResource & { thumbnail?: string | null; subtitle?: string };

const SEARCH_DELAY_MS = 200;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function title(options: PickerOptions): string {
  const verb = options.action === 'select' ? 'Select' : 'Add';
  const noun = options.type === 'collection' ? 'collection' : 'product';
  return `${verb} ${noun}${options.multiple ? 's' : ''}`;
}

/**
 * The admin's resource picker: a modal dialog over the whole admin listing the shop's products
 * or collections (from the Shopify emulator), with search, single or multiple choice and the
 * `multiple: n` cap. Resolves to the chosen resources, or null when cancelled.
 */
export function createPicker(base: string) {
  let open = false;

  return async function pick(options: PickerOptions): Promise<PickedResource[] | null> {
    if (open) throw new Error('The resource picker is already open');
    if (options.type === 'variant')
      throw new Error('The demo picker lists products and collections only');
    open = true;
    const limit =
      options.multiple === true
        ? Infinity
        : typeof options.multiple === 'number'
          ? options.multiple
          : 1;
    const chosen = new Map<string, PickedResource>();
    const preselected = new Set((options.selectionIds ?? []).map(({ id }) => id));

    const heading = element('h2', { id: 'picker-title', textContent: title(options) });
    const search = element('input', {
      type: 'search',
      placeholder: `Search ${options.type === 'collection' ? 'collections' : 'products'}`,
      value: options.query ?? '',
    });
    search.setAttribute('aria-label', search.placeholder);
    const status = element('p', { className: 'picker-status' });
    status.setAttribute('aria-live', 'polite');
    const list = element('ul', { className: 'picker-list' });
    const count = element('span', { className: 'picker-count' });
    const cancel = element('button', {
      type: 'button',
      textContent: 'Cancel',
      className: 'button',
    });
    const confirm = element('button', {
      type: 'button',
      textContent: options.action === 'select' ? 'Select' : 'Add',
      className: 'button button-primary',
    });
    const dialog = element(
      'dialog',
      { className: 'picker' },
      element('header', {}, heading),
      search,
      status,
      list,
      element('footer', {}, count, cancel, confirm),
    );
    dialog.setAttribute('aria-labelledby', 'picker-title');
    document.body.append(dialog);

    const updateFooter = () => {
      count.textContent =
        limit === 1
          ? ''
          : `${chosen.size} selected${Number.isFinite(limit) ? ` (up to ${limit})` : ''}`;
      confirm.disabled = chosen.size === 0;
      for (const input of list.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
        input.disabled = !input.checked && chosen.size >= limit;
      }
    };

    const render = (items: Listed[]) => {
      list.replaceChildren(
        ...items.map((item) => {
          const input = element('input', {
            type: limit === 1 ? 'radio' : 'checkbox',
            name: 'picker-item',
            checked: chosen.has(item.id),
          });
          input.addEventListener('change', () => {
            if (limit === 1) chosen.clear();
            if (input.checked) chosen.set(item.id, strip(item));
            else chosen.delete(item.id);
            updateFooter();
          });
          const image = item.thumbnail
            ? element('img', { src: item.thumbnail, alt: '', width: 40, height: 40 })
            : element('span', { className: 'picker-no-image' });
          return element(
            'li',
            {},
            element(
              'label',
              {},
              input,
              image,
              element('span', { className: 'picker-item-title', textContent: item.title }),
              element('span', {
                className: 'picker-item-subtitle',
                textContent: item.subtitle ?? '',
              }),
            ),
          );
        }),
      );
      updateFooter();
    };

    let searchTimer: number | undefined;
    let latest = 0;
    const load = async () => {
      const request = ++latest;
      status.textContent = 'Loading…';
      const query = new URLSearchParams({ type: options.type, query: search.value });
      try {
        const response = await fetch(`${base}/resources?${query}`);
        if (!response.ok)
          throw new Error(`The shop's resources could not be loaded (${response.status})`);
        const { items } = (await response.json()) as { items: Listed[] };
        if (request !== latest) return;
        for (const item of items) {
          if (preselected.delete(item.id)) chosen.set(item.id, strip(item));
        }
        status.textContent =
          items.length === 0 ? 'Nothing matches this search.' : `${items.length} shown`;
        render(items);
      } catch (error) {
        if (request === latest)
          status.textContent = error instanceof Error ? error.message : String(error);
      }
    };
    search.addEventListener('input', () => {
      window.clearTimeout(searchTimer);
      searchTimer = window.setTimeout(load, SEARCH_DELAY_MS);
    });

    try {
      return await new Promise<PickedResource[] | null>((resolve) => {
        cancel.addEventListener('click', () => resolve(null));
        dialog.addEventListener('cancel', () => resolve(null)); // Escape
        confirm.addEventListener('click', () => resolve([...chosen.values()]));
        dialog.showModal();
        search.focus();
        void load();
      });
    } finally {
      dialog.close();
      dialog.remove();
      open = false;
    }
  };
}

/** What the app receives: the App Bridge resource fields, without the picker's display extras. */
function strip(item: Listed): PickedResource {
  const { thumbnail: _thumbnail, subtitle: _subtitle, ...resource } = item;
  return resource;
}
