/**
 * A body read as text (a public route's, or an intake's raw body once its signature is
 * checked), parsed as JSON: a body that is not JSON is the sender's 400.
 */
import { AppError } from '../errors.ts';

export function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new AppError('invalid', 'bad_request');
  }
}
