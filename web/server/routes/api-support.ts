/**
 * What the app's API routes (api-*.ts) share: path parameters and parsing.
 */
import type { Request } from 'express';
import type { ZodType } from 'zod';
import { AppError } from '../../../src/platform/errors.ts';

/**
 * A path parameter, parsed with the id schema of the contract (src/app-api/ids.ts). A malformed
 * id is a 400 that names what was expected ("Not a generation id."), never a lookup.
 */
export function pathParam<T>(req: Request, schema: ZodType<T>, name = 'id'): T {
  const parsed = schema.safeParse(req.params[name] ?? '');
  if (parsed.success) return parsed.data;
  // The schema's own words name the kind of id ("Not a generation id."); the code names the part.
  const text = { code: 'invalid_id', params: { name } } as const;
  throw new AppError('invalid', 'invalid_id', {
    params: text.params,
    fields: { [name]: text },
    message: parsed.error.issues[0]?.message,
  });
}

/** Parses a request part with a contract schema (a ZodError becomes a 400 with fields). */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  return schema.parse(value ?? {});
}
