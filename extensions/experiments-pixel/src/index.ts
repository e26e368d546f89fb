/**
 * The image experiments' web pixel. The app embed (extensions/experiments-embed)
 * publishes `productai_experiment_exposure` {experiment, arm, visitor, product} for each
 * experiment whose image a consenting visitor was shown; the pixel keeps the latest exposure per
 * experiment in the sandbox's localStorage, and counts that visitor's views, adds to cart and
 * orders of the experiment's product in its arm.
 *
 * Events wait SEND_AFTER_MS, then leave as one batch per experiment (the intake's shape,
 * src/features/experiments/event-batch.ts) by `sendBeacon`, or `fetch` when the beacon is
 * refused. A product event is matched to its experiment when a batch leaves, not when it
 * arrives, and waits for a later batch while it matches none: Shopify delivers a page's
 * `product_viewed` before the embed's exposure, which waits for the visitor's consent.
 *
 * Each event keeps Shopify's id (the same on a redelivery), an order its order's id (the same
 * when the thank-you page is loaded again), so the intake counts each once. Nothing about the
 * customer is read or sent: the visitor is the embed's random id.
 */
import { register, type SandboxStorage } from './register.ts';

const EXPOSURE = 'productai_experiment_exposure';
const STORAGE_KEY = 'productai-experiments-pixel';
/**
 * A page's events of one moment (its load: the exposure, the product viewed) leave together;
 * short, so that a click that leaves the page soon after (add to cart, then checkout) is sent
 * before the next page replaces the sandbox.
 */
const SEND_AFTER_MS = 200;
/** The intake's limit on a batch's events (MAX_EVENTS_PER_BATCH). */
const MAX_EVENTS = 50;
/** Events of products in no experiment (yet) kept for a later batch on this page, at most. */
const MAX_WAITING = 100;
/** Experiments remembered: older ones have ended. */
const KEPT = 20;

interface Exposure {
  experiment: string;
  arm: string;
  visitor: string;
  product: string;
}

interface Counted {
  id: string;
  type: 'exposure' | 'product_viewed' | 'product_added_to_cart' | 'checkout_completed';
  amount?: number;
}

/** An event of a product, waiting for its batch: which product, and what it counts. */
interface Pending {
  product: string;
  event: Counted;
}

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

function isExposure(data: unknown): data is Exposure {
  const exposure = data as Partial<Exposure> | null;
  return (
    typeof exposure === 'object' &&
    exposure !== null &&
    [exposure.experiment, exposure.arm, exposure.visitor, exposure.product].every(
      (value) => typeof value === 'string' && SAFE_ID.test(value),
    )
  );
}

/** A product id as Liquid writes it (`123`) from a pixel's (`123` or `gid://shopify/Product/123`). */
const productOf = (id: string | null | undefined) => (id ? String(id).split('/').pop()! : '');

/** An id the intake takes (letters, digits, _ and -, at most 100). */
const eventId = (prefix: string, id: string) =>
  `${prefix}-${String(id).replace(/[^A-Za-z0-9_-]/g, '-')}`.slice(0, 100);

async function loadExposures(storage: SandboxStorage): Promise<Map<string, Exposure>> {
  try {
    const saved: unknown = JSON.parse((await storage.getItem(STORAGE_KEY)) ?? '[]');
    return new Map(
      (Array.isArray(saved) ? saved.filter(isExposure) : []).map((e) => [e.experiment, e]),
    );
  } catch {
    return new Map();
  }
}

register(({ analytics, browser, settings }) => {
  const { endpoint, shop } = settings;
  if (!endpoint || !shop) return;
  const exposures = loadExposures(browser.localStorage);
  /** Exposures of this page, each with its event, and the product events of this page. */
  const exposed: Array<{ exposure: Exposure; event: Counted }> = [];
  const pending: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const later = () => (timer ??= setTimeout(() => void send(), SEND_AFTER_MS));

  async function send() {
    timer = undefined;
    const known = await exposures;
    const batches = new Map<string, { exposure: Exposure; events: Counted[] }>();
    const add = (exposure: Exposure, event: Counted) => {
      const batch = batches.get(exposure.experiment) ?? { exposure, events: [] };
      batches.set(exposure.experiment, batch);
      batch.events.push(event);
    };
    for (const { exposure, event } of exposed.splice(0)) add(exposure, event);
    // An event of a product not (yet) in an experiment of this visitor waits for a later batch:
    // the embed publishes a page's exposure only once consent is known, often after the
    // page's `product_viewed`.
    const unmatched = pending.splice(0).filter(({ product, event }) => {
      const matches = [...known.values()].filter((exposure) => exposure.product === product);
      for (const exposure of matches) add(exposure, event);
      return matches.length === 0;
    });
    pending.push(...unmatched.slice(-MAX_WAITING));
    for (const { exposure, events } of batches.values()) {
      for (let start = 0; start < events.length; start += MAX_EVENTS) {
        const { experiment, arm, visitor } = exposure;
        const body = JSON.stringify({
          shop,
          experiment,
          arm,
          visitor,
          events: events.slice(start, start + MAX_EVENTS),
        });
        if (!(await browser.sendBeacon(endpoint!, body)))
          await fetch(endpoint!, { method: 'POST', body, keepalive: true }).catch(() => undefined);
      }
    }
  }

  analytics.subscribe(EXPOSURE, (event) => {
    if (!isExposure(event.customData)) return;
    const exposure = event.customData;
    exposed.push({ exposure, event: { id: eventId('x', event.id), type: 'exposure' } });
    later();
    void exposures.then((known) => {
      // One experiment runs on a product at a time: an earlier one of this product has ended.
      for (const [experiment, { product }] of known)
        if (product === exposure.product) known.delete(experiment);
      known.set(exposure.experiment, exposure);
      const kept = [...known.values()].slice(-KEPT);
      return browser.localStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
    });
  });

  const productEvent = (product: string | null | undefined, event: Counted) => {
    if (!product) return;
    pending.push({ product: productOf(product), event });
    later();
  };
  analytics.subscribe('product_viewed', (event) =>
    productEvent(event.data?.productVariant?.product?.id, {
      id: eventId('v', event.id),
      type: 'product_viewed',
    }),
  );
  analytics.subscribe('product_added_to_cart', (event) =>
    productEvent(event.data?.cartLine?.merchandise?.product?.id, {
      id: eventId('c', event.id),
      type: 'product_added_to_cart',
    }),
  );
  // An order counts for each experiment's product in it, with that product's lines' amount.
  analytics.subscribe('checkout_completed', (event) => {
    const checkout = event.data?.checkout;
    const order = productOf(checkout?.order?.id) || checkout?.token || event.id;
    const amounts = new Map<string, number>();
    for (const line of checkout?.lineItems ?? []) {
      const product = productOf(line.variant?.product?.id);
      if (product)
        amounts.set(product, (amounts.get(product) ?? 0) + (line.finalLinePrice?.amount ?? 0));
    }
    for (const [product, amount] of amounts) {
      productEvent(product, {
        id: eventId('o', order),
        type: 'checkout_completed',
        amount: Math.round(amount * 100) / 100,
      });
    }
  });
});
