/**
 * What the app's API routes (api-*.ts) share: id parameters, parsing, and starting paid work.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { ZodType } from 'zod';
import { asMerchantAction } from '../../../src/services/merchant-conflicts.ts';
import { requireUsableKey } from '../../../src/services/usable-key.ts';
import type { ShopSettings } from '../../../src/stores/shop-settings.ts';
import type { App } from '../../../src/app/index.ts';
import { AppError } from '../../../src/platform/errors.ts';
import { shopOf } from '../plugins/session-auth.ts';

/** A route parameter naming a Shopify resource: numeric id or (URL-encoded) gid. */
export function gidParam(value: unknown, type: 'Product' | 'Collection'): string {
  const text = String(value ?? '');
  if (/^\d+$/.test(text)) return `gid://shopify/${type}/${text}`;
  if (new RegExp(`^gid://shopify/${type}/\\d+$`).test(text)) return text;
  throw new AppError('invalid', 'invalid_id', `Not a ${type.toLowerCase()} id: ${text}`);
}

/** The app's own id in the path (a generation or bulk run id). */
export function idParam(req: Request): string {
  return String(req.params.id ?? '');
}

/** Parses a request part with a contract schema (a ZodError becomes a 400 with fields). */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  return schema.parse(value ?? {});
}

/**
 * An async route; with `action` (what the merchant tried), a generation found in another state
 * answers 409 in the merchant's words.
 */
export function route(
  handler: (req: Request, res: Response) => Promise<void>,
  action?: string,
): RequestHandler {
  return action ? (req, res) => asMerchantAction(action, () => handler(req, res)) : handler;
}

/**
 * A POST that starts paid work (a bulk run, a campaign): the parsed request and the shop's
 * default options go to `start` once the shop has a usable key; the answer is 202 with the view
 * of what started (it goes on in the background).
 */
export function startRoute<R, T>(
  deps: Pick<App, 'settings'>,
  schema: ZodType<R>,
  start: (shop: string, request: R, defaults: ShopSettings['defaults']) => Promise<T>,
  view: (started: T) => Promise<unknown>,
): RequestHandler {
  return route(async (req, res) => {
    const shop = shopOf(req);
    const request = parse(schema, req.body);
    const settings = await deps.settings.get(shop);
    requireUsableKey(settings);
    res.status(202).json(await view(await start(shop, request, settings.defaults)));
  });
}
