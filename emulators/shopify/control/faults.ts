/**
 * Faults a test or the demo asks for through `POST /__emulator/faults`: the next n GraphQL calls
 * are throttled or answered with a 5xx, the next n media end FAILED; or an outage, until it is
 * ended: every Admin GraphQL call answered with a 5xx, or its connection reset, as during a
 * Shopify incident (the count faults cannot say "for a while" when the client retries itself);
 * or a shop's new media held PROCESSING until released, as Shopify slower than usual: a test
 * that must see a file unfinished holds it, where racing the processing time failed at load.
 *
 * A count fault may name a shop: it then waits for that shop's call. The browser tests' files
 * share one emulator per test process, and a file's fault taken by another file's late media
 * (a generation still saving after its file ended) failed the wrong test under load.
 */
export type FaultKind = 'throttle' | 'serverError' | 'mediaFail';

/** An Admin API outage: every GraphQL call answered `status`, or its connection reset. */
export type Outage = { status: number } | { reset: true };

const ANY_SHOP = '';

function none(): Record<FaultKind, number> {
  return { throttle: 0, serverError: 0, mediaFail: 0 };
}

export class Faults {
  /** Pending count faults by the shop they wait for (ANY_SHOP: the next call of any shop). */
  private readonly pending = new Map<string, Record<FaultKind, number>>();
  serverErrorStatus = 500;
  /** The outage under way, until a test ends it (`{outage: null}`) or clears every fault. */
  outage: Outage | null = null;
  /** GraphQL calls the outage has answered (a test waits for the app to have met it). */
  outageCalls = 0;
  /** Shops whose new media stay PROCESSING until released, and what releases them. */
  private readonly held = new Map<string, { released: Promise<void>; release: () => void }>();

  add(kind: FaultKind, count: number, shop: string = ANY_SHOP): void {
    const pending = this.pending.get(shop) ?? none();
    pending[kind] += Math.max(0, Math.floor(count));
    this.pending.set(shop, pending);
  }

  /**
   * Consumes one pending fault of this kind for a call of `shop` (the shop's own first, then
   * one for any shop); true when the caller must fail.
   */
  take(kind: FaultKind, shop: string): boolean {
    for (const key of [shop, ANY_SHOP]) {
      const pending = this.pending.get(key);
      if (pending && pending[kind] > 0) {
        pending[kind] -= 1;
        return true;
      }
    }
    return false;
  }

  /** Pending count faults of `shop` (its own), or of any shop. */
  snapshot(shop: string = ANY_SHOP): Record<FaultKind, number> {
    return { ...(this.pending.get(shop) ?? none()) };
  }

  /** The shop's media made from now on wait to be processed until `releaseMedia`. */
  holdMedia(shop: string): void {
    if (this.held.has(shop)) return;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    this.held.set(shop, { released, release });
  }

  /** The shop's held media (every shop's when none is named) are processed now. */
  releaseMedia(shop?: string): void {
    for (const [key, hold] of this.held) {
      if (shop !== undefined && key !== shop) continue;
      hold.release();
      this.held.delete(key);
    }
  }

  /** Resolves when media of `shop` may be processed: at once unless they are held. */
  mediaReleased(shop: string): Promise<void> {
    return this.held.get(shop)?.released ?? Promise.resolve();
  }

  clear(): void {
    this.pending.clear();
    this.outage = null;
    this.releaseMedia();
  }
}
