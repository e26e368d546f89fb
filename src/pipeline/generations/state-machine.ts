/**
 * A generation's states and the moves between them: the machine `generation-store.ts` enforces
 * atomically in Redis, and why it is this one.
 *
 * State machine (each arrow is one atomic `transition`, recorded with its time and a note):
 *
 *                 ┌──────── cancelled ◄─────────────────┐ (merchant, uninstall, bulk cancel)
 *                 │                                     │
 *   create ─► queued ◄──────► paused                    │   paused: the shop is out of credits or
 *              │  ▲  (shop paused / resumed)             │   its key is invalid; resumeShop() puts
 *              │  │                                      │   the generation back in the queue
 *              │  │ 429 or certainly-not-sent: back in line, nothing was charged
 *              ▼  │
 *           submitting ──► failed   (the API refused the request: 400 validation; nothing charged)
 *              │   │
 *              │   └────► uncertain ──► processing   (its job found: adopted, never resent)
 *              │            │  └──────► queued       (provably never accepted: sent again)
 *              │            └─────────► cancelled    (the merchant stops waiting, or uninstall)
 *              ▼
 *          processing ──► failed   (ProductAI reported ERROR, or no result before the deadline)
 *              │
 *              ▼          (webhook or poll, whichever comes first: the loser's transition is stale)
 *            saving ──► failed     (Shopify refused the file or media processing FAILED, or did not
 *              │                    answer for the outage ceiling: publish/shopify-outage.ts; while
 *              │                    it waits it stays `saving`, `waitingFor` says so)
 *              │
 *              ├──► in_review ──► saving (approve) | discarded (reject)   (review mode, options)
 *              ├──► discarded   (one of several tries of a changed result, not the one kept)
 *              ▼
 *          published ──► discarded (undo)
 *
 * A result the fidelity check calls changed is made again (publish/fidelity-retry.ts): the next
 * try is a new generation (its own request and charge, `retryOf` the try before, `tries` on
 * each), created once per try with a claim, while the changed one waits in `in_review`. The
 * tries that are not kept end `discarded` (in review, or still `saving` for the last one).
 *
 * Terminal: published, failed, cancelled, discarded. Exactly one of them ends every generation;
 * `published` is left only by the merchant's undo (to `discarded`), never by the pipeline.
 *
 * A paid result is never paid again: Try again on a failed generation whose job ProductAI
 * accepted (and did not report an error: `tryAgainOf`) makes a new generation that adopts that
 * job, `queued → processing` like an attached unclaimed result (below), 0 credits, `retryOf` the
 * failed one, which stays failed; the job-id index moves to the new one, so only one of them
 * saves it (receive/resave-result.ts). Only a generation ProductAI never charged, or the
 * merchant's explicit "Make a new one", is sent again (a new request and charge).
 *
 * Why `submitting` is a state of its own: it is written (atomically, from `queued`) immediately
 * before the HTTP request leaves, so a worker that finds a generation in `submitting` after a
 * crash knows the request may have reached ProductAI and does not send it again. That is the
 * "never charged twice" guarantee: only `queued` can be submitted, and only one caller can win
 * the `queued → submitting` transition.
 *
 * Exact after a crash: `uncertain` always ends without the merchant, in one of two ways.
 *  1. Every submission takes a claim on its fingerprint (account, model, prompt) after the
 *     move to `submitting` and before its request leaves (limits/submission-claims.ts), and
 *     keeps it while `submitting` or `uncertain`. So among the submissions whose job id is not
 *     recorded, at most one has a given fingerprint, and ProductAI, which reports a job's prompt
 *     (GET job) and model (earlier interface), can always say whose a job is: bulk items share
 *     one prompt, and a claim costs them nothing at 15 requests a minute (a request holds it
 *     for its round trip, about a second; requests are 4 s apart).
 *     A crash between `submitting` and the claim is recognised too: the claim is not this
 *     submission's, so the request never left, and the generation goes back to `queued`.
 *  2. Reconciliation (receive/reconcile.ts) then finds the job: from its webhook (a result for
 *     an unknown job id) or, proactively, in ProductAI's job list around the submission time.
 *     Found: `uncertain → processing` with the job id recorded (adopted; no second request,
 *     no second charge; the poll and the webhook finish it like any other). Still missing
 *     once it would certainly be listed: the request was never accepted, nothing was charged,
 *     and the generation goes back to `queued`.
 * What the spec does not show, and what is assumed (config.ts `reconcile` holds the numbers):
 *  - how long after its creation a job shows in the earlier interface's list: assumed at most
 *    `listingDelayMs` (2 min), which also covers a request the service was still processing
 *    when ours gave up (`submit.timeoutMs`); before that, missing proves nothing;
 *  - the list's order: assumed newest first, checked on every page (otherwise nothing is
 *    decided);
 *  - clocks: ProductAI's `created_at` is compared with ours within `clockSkewMs`;
 *  - the model an upscale job reports: anything but an image or video model (upscales carry
 *    one fixed prompt, so all upscales of an account share one claim);
 *  - nobody else uses the account with the same model and prompt at the same moment: if the
 *    list shows several unowned jobs fitting one submission, nothing is guessed, the generation
 *    stays uncertain and the results are listed as unclaimed (Activity).
 * The account is the one the request went to: the generation records it (`productAiAccount`, a
 * hash of the key) on entering `submitting`, and the claim and the job list are looked up there,
 * with the key saved then (kept a while after the merchant replaces it,
 * receive/submission-key.ts). Once no key of that account is left, it cannot be read: the
 * generation stays uncertain, saying so, until the old key is back; it is never taken for unsent.
 * The merchant cannot send an uncertain generation again (that blind resend is exactly what
 * could charge twice); they may only cancel it. A result ProductAI still delivers for it then
 * has no owner, and is listed as unclaimed like any other.
 * Results nobody can own (another app on the account, a job from before an erase) are listed
 * for the merchant with their picture, to attach to a product without paying again: a new
 * generation naming the job, stored in line in one step, goes `queued → processing` adopting it
 * (receive/unclaimed-results.ts; if the web process dies first, the submit stage adopts it in its
 * turn and never sends it). That is the only move from `queued` that skips `submitting`.
 */
import { AppError } from '../../platform/errors.ts';
import { stateText } from '../../app-api/error-codes.ts';
import type { GenerationState } from '../../app-api/contract.ts';

/**
 * Every allowed move. The store refuses any other (a programming error, not a race): a race
 * shows up as a StaleTransitionError because the current state is not among the caller's `from`.
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<GenerationState, readonly GenerationState[]>> = {
  queued: ['submitting', 'processing', 'paused', 'cancelled', 'failed'],
  paused: ['queued', 'cancelled'],
  submitting: ['processing', 'uncertain', 'failed', 'paused', 'queued'],
  uncertain: ['processing', 'queued', 'cancelled'],
  processing: ['saving', 'failed'],
  saving: ['in_review', 'published', 'failed', 'discarded'],
  in_review: ['saving', 'discarded'],
  published: ['discarded'],
  failed: [],
  cancelled: [],
  discarded: [],
};

export { isTerminalState as isTerminal } from '../../app-api/generation-states.ts';

/**
 * The current state was not one the caller expected: someone else moved the generation first
 * (another click, the pipeline). A conflict the merchant can read, never a 500.
 */
export class StaleTransitionError extends AppError {
  override readonly name = 'StaleTransitionError';
  readonly id: string;
  readonly current: GenerationState;
  readonly expected: readonly GenerationState[];
  readonly to: GenerationState;
  constructor(
    id: string,
    current: GenerationState,
    expected: readonly GenerationState[],
    to: GenerationState,
  ) {
    super('conflict', 'generation_moved', { params: { state: stateText(current) } });
    this.id = id;
    this.current = current;
    this.expected = expected;
    this.to = to;
  }
}
