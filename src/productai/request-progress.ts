/**
 * Tells whether a `fetch` call wrote its request to the socket, so that a failure can be filed
 * as "certainly not received" (safe to send again) or "may have been received" (never resend a
 * POST blindly: it may have charged the merchant).
 *
 * `fetch` itself does not say: a timeout is the same AbortError whether it fired while
 * connecting or while waiting for the answer. Node's fetch (undici) publishes its progress on
 * diagnostics channels; the call runs inside an AsyncLocalStorage scope so the request undici
 * creates can be tied to the call that made it, then its `sendHeaders` event to the call.
 * A fetch that is not Node's own publishes nothing; `tracked` then stays false and the caller
 * falls back to error codes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';

export interface RequestProgress {
  /** undici created a request for this call (so the events below are trustworthy). */
  tracked: boolean;
  /** The request's headers were written to a socket: the service may have received it. */
  headersSent: boolean;
}

const scope = new AsyncLocalStorage<RequestProgress>();
const progressByRequest = new WeakMap<object, RequestProgress>();
let subscribed = false;

function requestOf(message: unknown): object | undefined {
  const request = (message as { request?: unknown } | undefined)?.request;
  return typeof request === 'object' && request !== null ? request : undefined;
}

function subscribeOnce(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe('undici:request:create', (message) => {
    const progress = scope.getStore();
    const request = requestOf(message);
    if (!progress || !request) return;
    progress.tracked = true;
    progressByRequest.set(request, progress);
  });
  subscribe('undici:client:sendHeaders', (message) => {
    const request = requestOf(message);
    const progress = request && progressByRequest.get(request);
    if (progress) progress.headersSent = true;
  });
}

/** Runs one fetch call and records how far its request got. */
export function trackProgress<T>(call: () => Promise<T>): {
  progress: RequestProgress;
  result: Promise<T>;
} {
  subscribeOnce();
  const progress: RequestProgress = { tracked: false, headersSent: false };
  return { progress, result: scope.run(progress, call) };
}
