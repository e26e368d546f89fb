import { createHash } from 'node:crypto';

/**
 * The ProductAI account an API key opens, as a SHA-256 of the key: recorded on a generation when
 * it enters `submitting` (`productAiAccount`), so its claim and its job are looked up in the
 * account the request went to even after the merchant changed the key. Never the key itself.
 */
export function accountOf(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('base64url');
}
