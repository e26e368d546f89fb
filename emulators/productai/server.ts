/**
 * The HTTP front: hosted files under /cdn/, the fault gate for API requests (/v1/...), the
 * router, and a 500 for anything a handler throws. Unknown paths are 404, known paths with
 * another method 405, both with an `{ error }` body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from './http/context.ts';
import { replyJson } from './http/context.ts';
import type { Router } from './http/router.ts';
import { CDN_PREFIX, serveCdn } from './routes/cdn.ts';
import { METHOD_NOT_ALLOWED, NOT_FOUND, SERVER_ERROR } from './errors.ts';
import type { EmulatorState } from './state.ts';

/** A limited account's job read: the spec's 429 body, naming the header's wait. */
const limitedRead = (retryAfterS: number) => ({
  error: `Rate limit exceeded. Retry after ${retryAfterS} seconds.`,
});

export function createListener(router: Router, state: EmulatorState) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const ctx: RequestContext = {
      req,
      res,
      url: new URL(req.url ?? '/', 'http://emulator.invalid'),
      params: {},
      ip: req.socket.remoteAddress ?? '',
      hold: false,
    };
    if (ctx.url.pathname.startsWith(CDN_PREFIX)) return serveCdn(ctx, state.files);
    if (ctx.url.pathname.startsWith('/v1/')) {
      const key = req.headers['x-api-key'];
      const outage = state.faults.jobReadFault(
        req.method ?? 'GET',
        ctx.url.pathname,
        (Array.isArray(key) ? key[0] : key)?.trim(),
      );
      if (outage && 'reset' in outage) return void req.socket.destroy();
      if (outage && 'retryAfterS' in outage) {
        const retryAfter = { 'retry-after': String(outage.retryAfterS) };
        return replyJson(ctx, 429, limitedRead(outage.retryAfterS), retryAfter);
      }
      if (outage) return replyJson(ctx, outage.status, { error: 'Service Unavailable' });
      if (state.faults.take('serverErrorNext')) return replyJson(ctx, 500, SERVER_ERROR);
      ctx.hold = state.faults.take('hangNext');
    }
    const match = router.match(req.method ?? 'GET', ctx.url.pathname);
    if (match.kind === 'none') return replyJson(ctx, 404, NOT_FOUND);
    if (match.kind === 'wrong-method') return replyJson(ctx, 405, METHOD_NOT_ALLOWED);
    ctx.params = match.params;
    Promise.resolve()
      .then(() => match.handler(ctx))
      .catch((error: unknown) => {
        console.error('productai emulator: request failed', error);
        replyJson(ctx, 500, SERVER_ERROR);
      });
  };
}
