/**
 * Fault injection for reliability tests, set through POST /__emulator/faults. Counters are
 * consumed one per event (request, submission, job, webhook delivery); the delays stay until
 * reset.
 */

export interface FaultSettings {
  /** The next n jobs end in ERROR (still charged at submission, refunded when they fail). */
  failNextJob: number;
  /** The next n API requests answer 500 before doing anything. */
  serverErrorNext: number;
  /** The next n API requests do their work but never answer (held until the client gives up). */
  hangNext: number;
  /** The next n jobs are accepted NOT_STARTED and wait one job duration in the queue first. */
  queueNextJob: number;
  /** The next n webhook deliveries are not sent at all (no retries either). */
  dropNextWebhook: number;
  /** The next n webhook deliveries are sent twice. */
  duplicateNextWebhook: number;
  /**
   * The next n submissions take `intakeDelayMs` longer to download their images, so their job
   * is created (and charged) that much later, whether or not the client still waits.
   */
  slowIntakeNext: number;
  /** How much longer a slow intake takes. */
  intakeDelayMs: number;
  /** Every webhook delivery waits this long before being sent. */
  webhookDelayMs: number;
  /**
   * An outage of job reads (GET /v1/api/job/:id, GET /v1/jobs and /v1/jobs/:id), until set back
   * to 0: 1 resets every such connection, 500-599 answers every one with that status. Generation
   * requests still work, as when a service's read path fails alone (the count faults above cannot
   * say "for a while" to a client that retries reads itself).
   */
  jobReadOutage: number;
}

type Counter = Exclude<keyof FaultSettings, 'webhookDelayMs' | 'intakeDelayMs' | 'jobReadOutage'>;

const NONE: FaultSettings = {
  failNextJob: 0,
  serverErrorNext: 0,
  hangNext: 0,
  queueNextJob: 0,
  dropNextWebhook: 0,
  duplicateNextWebhook: 0,
  slowIntakeNext: 0,
  intakeDelayMs: 0,
  webhookDelayMs: 0,
  jobReadOutage: 0,
};

const JOB_READ = /^\/v1\/(api\/job\/|jobs(\/|$))/;

/** A limited account's job reads ask to be retried after a second unless set otherwise. */
export const LIMITED_READ_RETRY_S = 1;

export class Faults {
  private settings: FaultSettings = { ...NONE };

  /** Sets the given fields, leaving the others as they are; throws on a bad value. */
  set(update: Record<string, unknown>): FaultSettings {
    for (const [name, value] of Object.entries(update)) {
      if (!(name in NONE)) throw new Error(`unknown fault: ${name}`);
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
        throw new Error(`${name} must be a non-negative integer`);
      }
      if (name === 'jobReadOutage' && value > 1 && (value < 500 || value > 599))
        throw new Error('jobReadOutage must be 0 (none), 1 (connection reset) or 500-599');
      if (name === 'jobReadOutage' && value !== this.settings.jobReadOutage)
        this.jobReadOutageCalls = 0;
      this.settings[name as keyof FaultSettings] = value;
    }
    return this.current();
  }

  reset(): FaultSettings {
    this.settings = { ...NONE };
    this.jobReadOutageCalls = 0;
    this.limitedJobReads.clear();
    this.jobReadsLimitedCalls = 0;
    return this.current();
  }

  current(): FaultSettings & { jobReadOutageCalls: number; jobReadsLimitedCalls: number } {
    return {
      ...this.settings,
      jobReadOutageCalls: this.jobReadOutageCalls,
      jobReadsLimitedCalls: this.jobReadsLimitedCalls,
    };
  }

  /**
   * Sets whether every job read with the account's key is refused for its rate limit (429, with
   * `Retry-After: retryAfterS`), as when one account is over its limit and the others are not
   * (the limit is the account's).
   */
  limitJobReads(key: string, limited: boolean, retryAfterS: number): void {
    if (limited) this.limitedJobReads.set(key, retryAfterS);
    else this.limitedJobReads.delete(key);
  }

  /** Consumes one unit of a counter; true when the fault applies to this event. */
  take(name: Counter): boolean {
    if (this.settings[name] <= 0) return false;
    this.settings[name] -= 1;
    return true;
  }

  /** Job reads the outage has failed since it began (a test waits for the app to meet it). */
  jobReadOutageCalls = 0;

  /** Job reads refused for an account's limit (limitJobReads) so far. */
  jobReadsLimitedCalls = 0;

  /** Limited accounts' keys -> the Retry-After (seconds) their job reads are refused with. */
  private readonly limitedJobReads = new Map<string, number>();

  /**
   * How the outage (or the account's limit: `key` is the request's API key) fails this request,
   * if it is a job read during one; counts it.
   */
  jobReadFault(
    method: string,
    path: string,
    key: string | undefined,
  ): { reset: true } | { status: number } | { status: 429; retryAfterS: number } | null {
    if (method !== 'GET' || !JOB_READ.test(path)) return null;
    const outage = this.settings.jobReadOutage;
    if (outage !== 0) {
      this.jobReadOutageCalls += 1;
      return outage === 1 ? { reset: true } : { status: outage };
    }
    const retryAfterS = key === undefined ? undefined : this.limitedJobReads.get(key);
    if (retryAfterS === undefined) return null;
    this.jobReadsLimitedCalls += 1;
    return { status: 429, retryAfterS };
  }

  get webhookDelayMs(): number {
    return this.settings.webhookDelayMs;
  }

  get intakeDelayMs(): number {
    return this.settings.intakeDelayMs;
  }
}
