/**
 * GET /cdn/<name>: hosted files served like a CDN, with byte ranges so browsers can seek in
 * videos. Public (no key), as result URLs are handed to Shopify and browsers.
 */
import { createReadStream } from 'node:fs';
import type { RequestContext } from '../http/context.ts';
import { replyJson } from '../http/context.ts';
import { NOT_FOUND } from '../errors.ts';
import type { FileStore } from '../storage.ts';

export const CDN_PREFIX = '/cdn/';

export function serveCdn(ctx: RequestContext, files: FileStore): void {
  const file = files.get(ctx.url.pathname.slice(CDN_PREFIX.length));
  if (!file || (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD')) {
    replyJson(ctx, 404, NOT_FOUND);
    return;
  }
  const headers: Record<string, string | number> = {
    'content-type': file.contentType,
    'accept-ranges': 'bytes',
    'cache-control': 'public, max-age=31536000, immutable',
  };
  let start = 0;
  let end = file.size - 1;
  let status = 200;
  const range = /^bytes=(\d*)-(\d*)$/.exec(ctx.req.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    if (range[1]) {
      start = Number(range[1]);
      if (range[2]) end = Math.min(Number(range[2]), end);
    } else {
      start = Math.max(0, file.size - Number(range[2]));
    }
    if (start > end || start >= file.size) {
      ctx.res.writeHead(416, { 'content-range': `bytes */${file.size}` });
      ctx.res.end();
      return;
    }
    status = 206;
    headers['content-range'] = `bytes ${start}-${end}/${file.size}`;
  }
  headers['content-length'] = end - start + 1;
  ctx.res.writeHead(status, headers);
  if (ctx.req.method === 'HEAD') {
    ctx.res.end();
    return;
  }
  createReadStream(file.path, { start, end })
    .on('error', () => ctx.res.destroy())
    .pipe(ctx.res);
}
