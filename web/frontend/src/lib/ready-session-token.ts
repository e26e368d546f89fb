/**
 * A session token held ready for a request that must leave at once: the report sent while the
 * page is being closed or left. App Bridge's fetch adds the token by asking the admin for one
 * (`shopify.idToken()`, a message round trip once its own copy is near expiry), and a page being
 * unloaded does not live to see the answer: the request would never leave. So a copy is taken
 * ahead, and taken again every few seconds while the page is visible (a hidden page has nothing
 * new to report). App Bridge answers most of these from its own copy, which it renews before it
 * expires; ours is never older than `HOLD_MS`, so it still has seconds to live when it is used.
 * Ages are counted on this page's clock from when a copy arrived, never against the token's
 * `exp`: the merchant's clock may differ from Shopify's.
 */

/** How often the copy is taken again. */
const RENEW_EVERY_MS = 5_000;
/** A copy older than this is not used (App Bridge hands out tokens with 10 s or more to live). */
const HOLD_MS = 7_000;

export interface ReadySessionToken {
  /** A token taken in the last few seconds, or undefined (none yet, or the page was hidden). */
  current(): string | undefined;
}

export function keepSessionTokenReady(idToken: () => Promise<string>): ReadySessionToken {
  let held: { token: string; at: number } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const renew = async () => {
    timer = undefined;
    if (document.visibilityState !== 'visible') return;
    try {
      held = { token: await idToken(), at: performance.now() };
    } catch {
      // No token now (the admin did not answer): a report falls back to App Bridge's fetch.
    }
    if (document.visibilityState === 'visible')
      timer ??= setTimeout(() => void renew(), RENEW_EVERY_MS);
  };

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !timer) void renew();
  });
  void renew();

  return {
    current() {
      return held && performance.now() - held.at < HOLD_MS ? held.token : undefined;
    },
  };
}
