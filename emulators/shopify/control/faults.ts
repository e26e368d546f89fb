/**
 * Faults a test or the demo asks for through `POST /__emulator/faults`: the next n GraphQL calls
 * are throttled or answered with a 5xx, the next n media end FAILED; or an outage, until it is
 * ended: every Admin GraphQL call answered with a 5xx, or its connection reset, as during a
 * Shopify incident (the count faults cannot say "for a while" when the client retries itself).
 */
export type FaultKind = 'throttle' | 'serverError' | 'mediaFail';

/** An Admin API outage: every GraphQL call answered `status`, or its connection reset. */
export type Outage = { status: number } | { reset: true };

export class Faults {
  private readonly pending: Record<FaultKind, number> = {
    throttle: 0,
    serverError: 0,
    mediaFail: 0,
  };
  serverErrorStatus = 500;
  /** The outage under way, until a test ends it (`{outage: null}`) or clears every fault. */
  outage: Outage | null = null;
  /** GraphQL calls the outage has answered (a test waits for the app to have met it). */
  outageCalls = 0;

  add(kind: FaultKind, count: number): void {
    this.pending[kind] += Math.max(0, Math.floor(count));
  }

  /** Consumes one pending fault of this kind; true when the caller must fail. */
  take(kind: FaultKind): boolean {
    if (this.pending[kind] <= 0) return false;
    this.pending[kind] -= 1;
    return true;
  }

  snapshot(): Record<FaultKind, number> {
    return { ...this.pending };
  }

  clear(): void {
    for (const kind of Object.keys(this.pending) as FaultKind[]) this.pending[kind] = 0;
    this.outage = null;
  }
}
