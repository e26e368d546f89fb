/**
 * A few simulated shoppers in real Chromium, beside the many plain-HTTP ones of
 * experiment-traffic.ts: each opens the Shopify emulator's storefront product page (the real app
 * embed and the real web pixel bundle in its sandbox), so its events reach the app's intake the
 * way a shopper's do, through the storefront script and the pixel, and nothing here writes a
 * batch. One browser context each (a visitor of its own: cookies, localStorage), closed after.
 *
 * A consenting shopper's first view only draws its arm (Shopify's Customer Privacy API arrives
 * after the first paint, and the embed waits for its word); its second view shows its arm's
 * image and publishes the exposure, and it clicks **Add to cart** with its arm's true rate (a
 * seeded draw). A refusing shopper views the page twice too, and must send nothing: no pixel
 * runs without consent. A shopper is done once every request of its context to the intake has
 * been answered, so its events are at the app before its context closes.
 */
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { seeded } from '../emulators/productai/seeded-random.ts';
import type { SimulatedArm } from './experiment-traffic.ts';

export interface BrowserShoppersOptions {
  /** The storefront's product page, e.g. <emulator>/storefront/<shop>/products/<handle>. */
  productUrl: string;
  /** The intake the shop's pixel sends to (<app>/experiments/events). */
  intakeUrl: string;
  experiment: string;
  /** The true add-to-cart rate of each arm (the storefront draws the arm by its weights). */
  arms: readonly Pick<SimulatedArm, 'arm' | 'addToCartRate'>[];
  /** Shoppers who consent, and shoppers who refuse; a few (each is a browser context). */
  consenting: number;
  refusing: number;
  seed: number;
}

export interface BrowserShopper {
  consent: boolean;
  /** The arm the storefront showed it (null when it refused: no arm is drawn). */
  arm: string | null;
  addedToCart: boolean;
  /** Its requests to the intake, all answered. */
  batches: number;
  /** Whether the web pixel's sandbox ran on its page (never without consent). */
  pixel: boolean;
}

/** What a page's script keeps of the visitor's arms (the embed's `productai-experiments`). */
const STORED_ARMS = 'productai-experiments';

const privacyApiLoaded = () =>
  Boolean(
    (window as unknown as { Shopify: { customerPrivacy?: unknown } }).Shopify.customerPrivacy,
  );
const beaconsAtLeast = (count: number) =>
  (window as unknown as { __storefront: { beacons: number } }).__storefront.beacons >= count;

/** How long a shopper's beacons may take to be answered. */
const ANSWERED_MS = 10_000;

/**
 * A context's requests to the intake: how many were sent, and a wait until at least `count` were
 * sent and every one sent was answered (or failed).
 */
function intakeRequests(context: BrowserContext, intakeUrl: string) {
  let sent = 0;
  let done = 0;
  let check = () => {};
  const toIntake = (request: Request) => request.url() === intakeUrl;
  const count = (request: Request, sending: boolean) => {
    if (!toIntake(request)) return;
    if (sending) sent += 1;
    else done += 1;
    check();
  };
  context.on('request', (request) => count(request, true));
  context.on('requestfinished', (request) => count(request, false));
  context.on('requestfailed', (request) => count(request, false));
  return {
    sent: () => sent,
    answered: (least: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${done} of ${sent} beacons answered (${least} expected)`)),
          ANSWERED_MS,
        );
        check = () => {
          if (sent < least || done < sent) return;
          clearTimeout(timer);
          resolve();
        };
        check();
      }),
  };
}

async function shop(
  browser: Browser,
  options: BrowserShoppersOptions,
  consent: boolean,
  draw: number,
  /** A refusing shopper's page stays open until this settles (the others' batches gone). */
  hold: Promise<unknown>,
): Promise<BrowserShopper> {
  const context = await browser.newContext();
  const requests = intakeRequests(context, options.intakeUrl);
  try {
    const page = await context.newPage();
    const url = new URL(options.productUrl);
    url.searchParams.set('consent', consent ? 'given' : 'refused');
    await page.goto(url.href);
    await page.waitForFunction(privacyApiLoaded);
    // The second view: the arm's image, the exposure (with consent); the choice is in a cookie.
    await page.reload();
    await page.waitForFunction(privacyApiLoaded);
    if (!consent) {
      // Its page's events are published all the same: with no pixel, none may leave, even once
      // the consenting shoppers' batches (sent a moment after their events) have all gone.
      await page.waitForFunction(
        () =>
          (window as unknown as { __storefront: { published: string[] } }).__storefront.published
            .length > 0,
      );
      await hold;
      const pixel = page.workers().length > 0;
      return { consent, arm: null, addedToCart: false, batches: requests.sent(), pixel };
    }
    const arm = await page.evaluate(
      ([key, experiment]) =>
        (JSON.parse(localStorage.getItem(key!) ?? 'null') as { arms: Record<string, string> }).arms[
          experiment!
        ] ?? null,
      [STORED_ARMS, options.experiment],
    );
    const rate = options.arms.find((candidate) => candidate.arm === arm)?.addToCartRate ?? 0;
    await page.waitForFunction(beaconsAtLeast, 1);
    const addedToCart = draw < rate;
    if (addedToCart) {
      await page.click('#add-to-cart');
      await page.waitForFunction(beaconsAtLeast, 2);
    }
    // Every beacon answered by the intake before the context goes.
    await requests.answered(addedToCart ? 2 : 1);
    return { consent, arm, addedToCart, batches: requests.sent(), pixel: true };
  } finally {
    await context.close();
  }
}

/** Sends the shoppers, all at once (a few contexts in one browser), and says what each did. */
export async function browserShoppers(
  browser: Browser,
  options: BrowserShoppersOptions,
): Promise<BrowserShopper[]> {
  const random = seeded(options.seed);
  const consenting = Promise.all(
    Array.from({ length: options.consenting }, () =>
      shop(browser, options, true, random(), Promise.resolve()),
    ),
  );
  const refusing = Promise.all(
    Array.from({ length: options.refusing }, () =>
      shop(
        browser,
        options,
        false,
        1,
        consenting.catch(() => {}),
      ),
    ),
  );
  const [given, refused] = await Promise.all([consenting, refusing]);
  return [...given, ...refused];
}
