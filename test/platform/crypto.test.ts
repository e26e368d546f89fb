import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, DecryptionError } from '../../src/platform/crypto.ts';

const box = createSecretBox(randomBytes(32));

function flipOneByte(part: string): string {
  const bytes = Buffer.from(part, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return bytes.toString('base64url');
}

describe('secret box (AES-256-GCM)', () => {
  it('round-trips a secret, with a fresh IV every time', () => {
    const first = box.seal('pai_live_secret-key', 'shop-a:apiKey');
    const second = box.seal('pai_live_secret-key', 'shop-a:apiKey');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain('secret');
    expect(box.open(first, 'shop-a:apiKey')).toBe('pai_live_secret-key');
    expect(box.open(second, 'shop-a:apiKey')).toBe('pai_live_secret-key');
  });

  it.each([1, 2, 3])('detects tampering with part %i', (index) => {
    const parts = box.seal('secret', 'ctx').split('.');
    parts[index] = flipOneByte(parts[index]!);
    expect(() => box.open(parts.join('.'), 'ctx')).toThrow(DecryptionError);
  });

  it('does not open a value moved to another context (another shop)', () => {
    const sealed = box.seal('secret', 'shop-a:apiKey');
    expect(() => box.open(sealed, 'shop-b:apiKey')).toThrow(DecryptionError);
  });

  it('does not open with another key', () => {
    const sealed = box.seal('secret', 'ctx');
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'ctx')).toThrow(DecryptionError);
  });

  it('rejects unknown formats and versions', () => {
    const [, iv, ciphertext, tag] = box.seal('secret', 'ctx').split('.');
    expect(() => box.open(`v2.${iv}.${ciphertext}.${tag}`, 'ctx')).toThrow('unknown format');
    expect(() => box.open('plaintext', 'ctx')).toThrow('unknown format');
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow('32-byte key');
  });
});
