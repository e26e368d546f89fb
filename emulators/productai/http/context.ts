/**
 * What every route handler receives, and the only way it answers. Answers go through `reply`
 * so that the "hang" fault can hold any answer back after the work is done: the request has
 * had its effect (a job created and charged) but the caller never hears so, which is the
 * "may have been received" case a careful client must not retry blindly.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  /** The TCP peer address (proxies' X-Forwarded-For is not trusted). */
  ip: string;
  /** Set by the hang fault: the answer is never written; the socket stays open. */
  hold: boolean;
}

export type Handler = (ctx: RequestContext) => Promise<void> | void;

export function replyJson(
  ctx: RequestContext,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (ctx.hold || ctx.res.headersSent) return;
  const text = JSON.stringify(body);
  ctx.res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  ctx.res.end(text);
}

export function replyEmpty(ctx: RequestContext, status: number): void {
  if (ctx.hold || ctx.res.headersSent) return;
  ctx.res.writeHead(status);
  ctx.res.end();
}

export function replyHtml(ctx: RequestContext, status: number, html: string): void {
  if (ctx.hold || ctx.res.headersSent) return;
  ctx.res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  ctx.res.end(html);
}

export function redirect(ctx: RequestContext, location: string): void {
  if (ctx.hold || ctx.res.headersSent) return;
  ctx.res.writeHead(303, { location });
  ctx.res.end();
}
