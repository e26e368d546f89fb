/**
 * The body of every 4xx/5xx answer of `/api/*`: `error` is a stable code for the client,
 * `message` is written for the merchant. Browser-safe: zod only.
 */
import { z } from 'zod';

export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  /** Field-level problems for forms (field name -> message). */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
