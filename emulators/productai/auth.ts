/**
 * Authentication for both interfaces: the current one reads `x-api-key`, the earlier one
 * `Authorization: Bearer`. A missing key is 401; an unknown or inactive key is 403.
 */
import type { IncomingMessage } from 'node:http';
import type { Account, AccountStore } from './accounts.ts';

export type AuthResult = { ok: true; account: Account } | { ok: false; status: 401 | 403 };

export function authenticateApiKey(req: IncomingMessage, accounts: AccountStore): AuthResult {
  const header = req.headers['x-api-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  return resolve(key, accounts);
}

export function authenticateBearer(req: IncomingMessage, accounts: AccountStore): AuthResult {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization?.trim() ?? '');
  return resolve(match?.[1]?.trim(), accounts);
}

function resolve(key: string | undefined, accounts: AccountStore): AuthResult {
  if (!key) return { ok: false, status: 401 };
  const account = accounts.get(key);
  if (!account || !account.active) return { ok: false, status: 403 };
  return { ok: true, account };
}
