/**
 * Session tokens as App Bridge gets them from Shopify: HS256 JWTs signed with the app's client
 * secret (https://shopify.dev/docs/apps/build/authentication-authorization/session-tokens).
 * The emulator signs them for the demo's App Bridge stand-in and verifies them as the
 * `subject_token` of token exchange. Implemented on node:crypto so the emulator checks the
 * signature itself rather than trusting the library the app also uses.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export interface SessionTokenClaims {
  /** The shop's admin URL: `https://<shop>/admin`. */
  iss: string;
  /** The shop's URL: `https://<shop>`. */
  dest: string;
  /** The app's client id. */
  aud: string;
  /** The staff member's user id. */
  sub: string;
  exp: number;
  nbf: number;
  iat: number;
  jti: string;
  sid: string;
  sig?: string;
}

/** Lifetime of a session token, as Shopify issues them (one minute). */
export const SESSION_TOKEN_TTL_SECONDS = 60;

const base64url = (input: Buffer | string): string => Buffer.from(input).toString('base64url');

function hmacSha256(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function defaultSessionTokenClaims(
  shop: string,
  apiKey: string,
  nowMs: number,
): SessionTokenClaims {
  const now = Math.floor(nowMs / 1000);
  return {
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: apiKey,
    sub: '1',
    exp: now + SESSION_TOKEN_TTL_SECONDS,
    nbf: now,
    iat: now,
    jti: randomUUID(),
    sid: randomBytes(16).toString('hex'),
  };
}

export function signJwtHs256(claims: object, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = base64url(hmacSha256(secret, `${header}.${payload}`));
  return `${header}.${payload}.${signature}`;
}

export type SessionTokenCheck =
  { ok: true; claims: SessionTokenClaims } | { ok: false; reason: string };

export interface SessionTokenExpectations {
  secret: string;
  audience: string;
  /** The shop the token must be for (its `dest`). */
  shop: string;
  nowMs: number;
}

/** Verifies signature, algorithm, time window, audience and destination shop. */
export function verifySessionToken(
  token: string,
  expect: SessionTokenExpectations,
): SessionTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'not a JWT' };
  const [header, payload, signature] = parts as [string, string, string];
  let parsedHeader: { alg?: string };
  let claims: Partial<SessionTokenClaims>;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as {
      alg?: string;
    };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SessionTokenClaims;
  } catch {
    return { ok: false, reason: 'malformed JWT' };
  }
  if (parsedHeader.alg !== 'HS256') return { ok: false, reason: 'algorithm is not HS256' };
  const expected = hmacSha256(expect.secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature does not match the client secret' };
  }
  const now = Math.floor(expect.nowMs / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) return { ok: false, reason: 'expired' };
  if (typeof claims.nbf === 'number' && claims.nbf > now)
    return { ok: false, reason: 'not yet valid' };
  if (claims.aud !== expect.audience) return { ok: false, reason: 'audience is not this app' };
  if (claims.dest !== `https://${expect.shop}`) {
    return { ok: false, reason: `destination is not ${expect.shop}` };
  }
  return { ok: true, claims: claims as SessionTokenClaims };
}
