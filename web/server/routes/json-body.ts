/** A public route's body read as text, parsed as JSON: a body that is not JSON is the sender's 400. */
import { AppError } from '../../../src/platform/errors.ts';

export function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new AppError('invalid', 'bad_request');
  }
}
