/**
 * Secrets at rest (the merchants' ProductAI keys, Shopify tokens) are sealed with AES-256-GCM.
 * Format `v1.<iv>.<ciphertext>.<tag>` (base64url parts): the version names the scheme so that a
 * later scheme or key can be introduced while old values stay readable. The `context` (e.g. the
 * shop and field) is bound as additional authenticated data: a value copied into another shop's
 * record does not decrypt there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DecryptionError extends Error {
  constructor(reason: string) {
    super(`Cannot decrypt secret: ${reason}`);
    this.name = 'DecryptionError';
  }
}

export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws DecryptionError on a tampered value, a wrong context or a wrong key. */
  open(sealed: string, context: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, ciphertext, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || rest.length > 0 || !iv || ciphertext === undefined || !tag)
        throw new DecryptionError('unknown format');
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
        throw new DecryptionError('unknown format');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new DecryptionError('authentication failed (tampered value, wrong key or context)');
      }
    },
  };
}
