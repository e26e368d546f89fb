/**
 * The two edges of every call, shared by both interfaces: caller input checked before it leaves
 * (a refused input is a local `validation` error, never a round trip), file parts built for
 * multipart bodies, and answers parsed into typed results (`invalid_response` otherwise).
 */
import type { z } from 'zod';
import { localValidationError, ProductAiError } from './errors.ts';
import { problemsOf, type FileContent } from './schemas.ts';

/** Parses `input` with `schema`, or throws the local `validation` error naming every problem. */
export function checkInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  request: string,
): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw localValidationError(problemsOf(parsed.error), request);
  return parsed.data;
}

/** Parses a 2xx body with `schema`, or throws `invalid_response`. */
export function readResponse<T extends z.ZodType>(
  schema: T,
  body: unknown,
  request: string,
): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new ProductAiError({
    code: 'invalid_response',
    message: `${request}: the answer does not match the contract (${parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
      .join('; ')})`,
    received: 'yes',
    body,
    request,
  });
}

/** A multipart file part from bytes or a Blob. */
export function filePart(file: FileContent, filename: string, contentType?: string): Blob {
  const type = contentType ?? (file instanceof Blob && file.type ? file.type : guessType(filename));
  if (file instanceof Blob && file.type === type) return file;
  // A Uint8Array over a SharedArrayBuffer is not a BlobPart; copy-free for the usual ArrayBuffer.
  return new Blob([file instanceof Blob ? file : (file as Uint8Array<ArrayBuffer>)], { type });
}

function guessType(filename: string): string {
  const extension = filename.toLowerCase().split('.').pop();
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'png' || extension === 'webp') return `image/${extension}`;
  return 'application/octet-stream';
}
