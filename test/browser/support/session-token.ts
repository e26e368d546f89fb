import { createHmac, timingSafeEqual } from 'node:crypto';

/** The claims of an HS256 session token, after checking its signature with the app's secret. */
export function verifiedClaims(token: string, secret: string): Record<string, unknown> {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw new Error('not a JWT');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const actual = Buffer.from(signature, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new Error('bad signature');
  }
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}
