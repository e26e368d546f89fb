/**
 * Working stand-ins for the Polaris web components (`s-*`) our extensions render, so
 * that in the demo admin a person can read, type, tick, choose and press in the REAL extension
 * bundles. In the admin these components come from Shopify; here each is a small custom element
 * with an open shadow root (Preact keeps owning the light DOM children, the shadow only wraps
 * them), covering the attributes our extensions set:
 *
 * - fields (`s-text-area`, `s-number-field`, `s-select` + `s-option`, `s-checkbox`) have a
 *   `value`/`checked` property, as the real ones do, so Preact sets it and the extensions read
 *   `event.currentTarget.value`; `input` bubbles out of the shadow by itself, `change` (which
 *   does not cross a shadow boundary) is fired again on the element.
 * - `s-button` ignores clicks while `disabled` or `loading`; `s-link` and `s-button` follow an
 *   `app:` href by asking the admin page to open that page of the app.
 * - `s-admin-action` lays out the modal: heading, a close button, the content, and the footer
 *   with the `secondary-actions` then `primary-action` slots; `s-admin-block`, a block's card.
 *
 * Attribute names arrive lowercased (Preact sets unknown props as attributes), so they are read
 * in lowercase.
 */
import { EXTENSION_MESSAGE_SOURCE, type ExtensionMessage } from './protocol.ts';
import { css } from './styles.ts';

type Attributes = Record<string, string | null>;

/** One element: which attributes it renders from, and how (`root` is its shadow root). */
abstract class StandIn extends HTMLElement {
  static observed: string[] = [];
  static get observedAttributes(): string[] {
    return this.observed;
  }
  protected readonly root: ShadowRoot;

  constructor(template: string) {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = `<style>${css}</style>${template}`;
  }

  connectedCallback(): void {
    this.update();
  }
  attributeChangedCallback(): void {
    this.update();
  }

  protected attrs(): Attributes {
    const observed = (this.constructor as typeof StandIn).observed;
    return Object.fromEntries(observed.map((name) => [name, this.getAttribute(name)]));
  }
  protected flag(name: string): boolean {
    const value = this.getAttribute(name);
    return value !== null && value !== 'false';
  }
  protected inner<T extends Element = HTMLElement>(selector: string): T {
    return this.root.querySelector(selector) as T;
  }
  /** Shows `text` in the element matching `selector`, hidden when there is none. */
  protected text(selector: string, text: string | null): void {
    const element = this.inner(selector);
    element.textContent = text ?? '';
    element.hidden = !text;
  }
  protected abstract update(): void;
}

/** Tells the admin page (the modal's parent) to open an `app:` page of the app. */
function followAppLink(href: string | null, event: Event): void {
  if (!href?.startsWith('app:')) return;
  event.preventDefault();
  const message: ExtensionMessage = { source: EXTENSION_MESSAGE_SOURCE, kind: 'navigate', href };
  window.parent.postMessage(message, '*');
}

const GAPS: Record<string, string> = {
  none: '0',
  'small-500': '2px',
  'small-400': '4px',
  'small-300': '6px',
  'small-200': '8px',
  'small-100': '10px',
  small: '12px',
  base: '16px',
  large: '20px',
};

class Stack extends StandIn {
  static observed = ['direction', 'gap', 'justifycontent', 'alignitems'];
  constructor() {
    super('<slot></slot>');
  }
  update() {
    const a = this.attrs();
    this.style.display = 'flex';
    this.style.flexDirection = a.direction === 'inline' ? 'row' : 'column';
    this.style.flexWrap = a.direction === 'inline' ? 'wrap' : 'nowrap';
    this.style.gap = GAPS[a.gap ?? 'none'] ?? '0';
    this.style.justifyContent = a.justifycontent ?? '';
    this.style.alignItems = a.alignitems ?? '';
  }
}

class Grid extends StandIn {
  static observed = ['gridtemplatecolumns', 'gap', 'alignitems'];
  constructor() {
    super('<slot></slot>');
  }
  update() {
    const a = this.attrs();
    this.style.display = 'grid';
    this.style.gridTemplateColumns = a.gridtemplatecolumns ?? '';
    this.style.gap = GAPS[a.gap ?? 'none'] ?? '0';
    this.style.alignItems = a.alignitems ?? '';
  }
}

class AdminAction extends StandIn {
  static observed = ['heading', 'loading'];
  constructor() {
    super(`<section class="action" aria-labelledby="heading">
<header><h2 id="heading"></h2><button class="close" type="button" aria-label="Close">×</button></header>
<div class="body"><div class="loading" role="status" hidden><span class="spinner"></span><span class="visually-hidden">Loading</span></div><slot></slot></div>
<footer><slot name="secondary-actions"></slot><slot name="primary-action"></slot></footer>
</section>`);
    this.inner('.close').addEventListener('click', () =>
      (window as unknown as { shopify: { close(): void } }).shopify.close(),
    );
  }
  update() {
    const loading = this.flag('loading');
    this.text('h2', this.getAttribute('heading') ?? document.title);
    this.inner('.loading').hidden = !loading;
    this.inner('.body slot').toggleAttribute('hidden', loading);
  }
}

class Button extends StandIn {
  static observed = ['variant', 'disabled', 'loading', 'href', 'tone'];
  constructor() {
    super('<button type="button"><span class="spinner" hidden></span><slot></slot></button>');
    // Capture at the host: a disabled or loading button's click never reaches the extension.
    this.addEventListener(
      'click',
      (event) => {
        if (this.flag('disabled') || this.flag('loading')) event.stopImmediatePropagation();
        else followAppLink(this.getAttribute('href'), event);
      },
      { capture: true },
    );
  }
  update() {
    const button = this.inner<HTMLButtonElement>('button');
    button.className = this.getAttribute('variant') ?? 'secondary';
    button.disabled = this.flag('disabled');
    button.setAttribute('aria-busy', String(this.flag('loading')));
    this.inner('.spinner').hidden = !this.flag('loading');
  }
}

class Link extends StandIn {
  static observed = ['href'];
  constructor() {
    super('<a><slot></slot></a>');
    this.inner('a').addEventListener('click', (event) =>
      followAppLink(this.getAttribute('href'), event),
    );
  }
  update() {
    this.inner<HTMLAnchorElement>('a').href = this.getAttribute('href') ?? '#';
  }
}

class Banner extends StandIn {
  static observed = ['tone', 'heading'];
  constructor() {
    super('<div class="banner"><strong></strong><slot></slot></div>');
  }
  update() {
    const tone = this.getAttribute('tone') ?? 'info';
    const banner = this.inner('.banner');
    banner.className = `banner ${tone}`;
    banner.setAttribute('role', tone === 'critical' ? 'alert' : 'status');
    this.text('strong', this.getAttribute('heading'));
  }
}

class Section extends StandIn {
  static observed = ['heading'];
  constructor() {
    super('<h3></h3><slot></slot>');
  }
  update() {
    this.text('h3', this.getAttribute('heading'));
  }
}

class Spinner extends StandIn {
  static observed = ['accessibilitylabel'];
  constructor() {
    super('<span class="spinner" role="status"></span>');
  }
  update() {
    this.inner('.spinner').setAttribute(
      'aria-label',
      this.getAttribute('accessibilitylabel') ?? '',
    );
  }
}

class ImageElement extends StandIn {
  static observed = ['src', 'alt', 'aspectratio', 'objectfit'];
  constructor() {
    super('<img class="image">');
  }
  update() {
    const a = this.attrs();
    const image = this.inner<HTMLImageElement>('img');
    image.src = a.src ?? '';
    image.alt = a.alt ?? '';
    image.style.aspectRatio = a.aspectratio ?? '';
    image.style.objectFit = a.objectfit ?? '';
  }
}

/**
 * A block's card on the resource page: its heading (the extension's name without one) and its
 * content. The admin shows `collapsedSummary` only while the merchant has collapsed the block,
 * which the stand-in never is.
 */
class AdminBlock extends StandIn {
  static observed = ['heading'];
  constructor() {
    super(
      '<section class="block" aria-labelledby="heading"><h2 id="heading"></h2><slot></slot></section>',
    );
  }
  update() {
    this.text('h2', this.getAttribute('heading') ?? document.title);
  }
}

class Badge extends StandIn {
  static observed = ['tone'];
  constructor() {
    super('<span class="badge"><slot></slot></span>');
  }
  update() {
    this.inner('.badge').className = `badge ${this.getAttribute('tone') ?? 'neutral'}`;
  }
}

/** Polaris's thumbnail sizes, in px. */
const THUMBNAIL_SIZES: Record<string, number> = {
  'small-200': 24,
  'small-100': 32,
  small: 40,
  base: 48,
  large: 60,
  'large-100': 80,
};

class Thumbnail extends StandIn {
  static observed = ['src', 'alt', 'size'];
  constructor() {
    super('<img class="thumbnail">');
  }
  update() {
    const a = this.attrs();
    const image = this.inner<HTMLImageElement>('img');
    image.src = a.src ?? '';
    image.alt = a.alt ?? '';
    const size = `${THUMBNAIL_SIZES[a.size ?? 'base'] ?? 48}px`;
    image.style.width = size;
    image.style.height = size;
  }
}

/** A box's `accessibilityRole` is its role (a live `status` region, for one). */
class Box extends StandIn {
  static observed = ['accessibilityrole'];
  constructor() {
    super('<slot></slot>');
  }
  update() {
    const role = this.getAttribute('accessibilityrole');
    if (role) this.setAttribute('role', role);
    else this.removeAttribute('role');
  }
}

/** A labelled field: label, control, help text, error; `value` is the control's. */
abstract class Field<
  C extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
> extends StandIn {
  static observed = ['label', 'details', 'error', 'disabled', 'name'];
  protected readonly control: C;
  constructor(control: string) {
    super(
      `<label class="field"><span class="label"></span>${control}</label><span class="details"></span><span class="error"></span>`,
    );
    this.control = this.inner<C>('.control');
    this.control.addEventListener('change', (event) => {
      event.stopPropagation();
      this.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
  get value(): string {
    return this.control.value;
  }
  set value(next: string) {
    if (this.control.value !== next) this.control.value = next ?? '';
  }
  update() {
    const a = this.attrs();
    this.text('.label', a.label ?? null);
    this.text('.details', a.details ?? null);
    this.text('.error', a.error ?? null);
    this.control.disabled = this.flag('disabled');
    this.control.name = a.name ?? '';
    this.control.setAttribute('aria-invalid', String(Boolean(a.error)));
  }
}

class TextArea extends Field<HTMLTextAreaElement> {
  static observed = [...Field.observed, 'rows', 'maxlength'];
  constructor() {
    super('<textarea class="control"></textarea>');
  }
  update() {
    super.update();
    this.control.rows = Number(this.getAttribute('rows') ?? 3);
    const max = this.getAttribute('maxlength');
    if (max) this.control.maxLength = Number(max);
  }
}

class NumberField extends Field<HTMLInputElement> {
  static observed = [...Field.observed, 'min', 'step', 'suffix', 'inputmode'];
  constructor() {
    super(
      '<span class="with-suffix"><input class="control" type="number"><span class="suffix"></span></span>',
    );
  }
  update() {
    super.update();
    this.control.min = this.getAttribute('min') ?? '';
    this.control.step = this.getAttribute('step') ?? '';
    this.control.inputMode = this.getAttribute('inputmode') ?? '';
    this.text('.suffix', this.getAttribute('suffix'));
  }
}

/**
 * Its options are its `s-option` children, mirrored into the native select as they change. Its
 * value is the last one set or chosen: Preact does not set `value` again when the element
 * already reports it (after a choice), so a choice must survive the next mirroring itself.
 */
class Select extends Field<HTMLSelectElement> {
  private wanted = '';
  constructor() {
    super('<select class="control"></select>');
    // `input` comes before `change`, so the value is kept before the extension hears of it.
    this.control.addEventListener('input', () => {
      this.wanted = this.control.value;
    });
    new MutationObserver(() => this.mirrorOptions()).observe(this, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
  }
  override get value(): string {
    return this.control.value;
  }
  override set value(next: string) {
    this.wanted = next ?? '';
    this.control.value = this.wanted;
  }
  connectedCallback() {
    super.connectedCallback();
    this.mirrorOptions();
  }
  private mirrorOptions() {
    this.control.replaceChildren(
      ...[...this.querySelectorAll('s-option')].map(
        (option) => new Option(option.textContent ?? '', option.getAttribute('value') ?? ''),
      ),
    );
    this.control.value = this.wanted;
  }
}

class Checkbox extends StandIn {
  static observed = ['label', 'disabled', 'value'];
  private readonly box: HTMLInputElement;
  constructor() {
    super('<label class="checkbox"><input type="checkbox"><span class="label"></span></label>');
    this.box = this.inner<HTMLInputElement>('input');
    this.box.addEventListener('change', (event) => {
      event.stopPropagation();
      this.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
  get checked(): boolean {
    return this.box.checked;
  }
  set checked(next: boolean) {
    this.box.checked = Boolean(next);
  }
  update() {
    this.text('.label', this.getAttribute('label'));
    this.box.disabled = this.flag('disabled');
    this.box.value = this.getAttribute('value') ?? '';
  }
}

export function defineElements(): void {
  const elements: Record<string, CustomElementConstructor> = {
    's-admin-action': AdminAction,
    's-stack': Stack,
    's-grid': Grid,
    's-button': Button,
    's-link': Link,
    's-banner': Banner,
    's-section': Section,
    's-spinner': Spinner,
    's-image': ImageElement,
    's-text-area': TextArea,
    's-number-field': NumberField,
    's-select': Select,
    's-checkbox': Checkbox,
    's-admin-block': AdminBlock,
    's-badge': Badge,
    's-thumbnail': Thumbnail,
    's-box': Box,
  };
  for (const [name, element] of Object.entries(elements)) customElements.define(name, element);
}
