/**
 * Calls to the app's API as a shop's app home makes them, for the fault bench's child processes
 * (the timed clicker, the flooder): a fresh session token a call, signed as Shopify's admin
 * signs them (the demo app's secret), and the answer's status with its error code, if any.
 */
import { randomUUID } from 'node:crypto';
import {
  defaultSessionTokenClaims,
  signJwtHs256,
} from '../../emulators/shopify/auth/session-token.ts';

export interface AppCaller {
  appUrl: string;
  shop: string;
  apiKey: string;
  apiSecret: string;
}

export interface Answer {
  status: number;
  /** The error body's code (`rate_limited`, `pending_generations_cap`, ...), if any. */
  code: string | null;
  body: unknown;
}

/** POST `path` with `body` as the shop, with an Idempotency-Key as the app home sends one. */
export async function post(caller: AppCaller, path: string, body: unknown): Promise<Answer> {
  const token = signJwtHs256(
    defaultSessionTokenClaims(caller.shop, caller.apiKey, Date.now()),
    caller.apiSecret,
  );
  const response = await fetch(`${caller.appUrl}/api${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // An answer that is not JSON (a proxy's page): its status says enough.
  }
  const code = (parsed as { error?: unknown } | null)?.error;
  return { status: response.status, code: typeof code === 'string' ? code : null, body: parsed };
}
