/**
 * What the app's API routes (api-*.ts) share: id parameters and parsing.
 */
import type { Request } from 'express';
import type { ZodType } from 'zod';
import { AppError } from '../../../src/platform/errors.ts';

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
