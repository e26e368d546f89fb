/** Reading request bodies with a size cap; a body over the cap is an input error, not a crash. */
import type { IncomingMessage } from 'node:http';

export class BodyError extends Error {}

/** Largest JSON body accepted (requests carry URLs and prompts, never file bytes). */
const MAX_JSON_BYTES = 1024 * 1024;

export async function readRaw(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new BodyError(`request body exceeds ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Parses a JSON body; throws BodyError on a wrong content type or malformed JSON. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  if (mediaType(req) !== 'application/json') {
    throw new BodyError('Content-Type must be application/json');
  }
  const raw = await readRaw(req, MAX_JSON_BYTES);
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new BodyError('request body is not valid JSON');
  }
}

/** Reads an application/x-www-form-urlencoded body (the studio page's form). */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readRaw(req, 64 * 1024)).toString('utf8'));
}
