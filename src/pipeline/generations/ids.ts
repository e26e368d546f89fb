/**
 * Generation ids: 10 characters of time (ms, Crockford base32) then 16 random ones, the ULID
 * layout. Lexicographic order is creation order, which lets the store page through a shop's
 * generations newest-first with ZREVRANGEBYLEX alone (every index member has score 0).
 * Within one process ids are strictly increasing (monotonic ULID: an id made in the same
 * millisecond as the previous one increments its random part), so a bulk run's items list in the
 * order they were created; across processes, ids of the same millisecond order arbitrarily.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_CHARS = 16;

let lastTime = -1;
let lastRandom: number[] = [];

export function newGenerationId(nowMs: number): string {
  let time = Math.floor(nowMs);
  if (time <= lastTime) {
    time = lastTime;
    lastRandom = increment(lastRandom);
  } else {
    lastTime = time;
    lastRandom = [...randomBytes(RANDOM_CHARS)].map((byte) => byte % 32);
  }
  let encodedTime = '';
  for (let i = 0; i < 10; i += 1) {
    encodedTime = ALPHABET[time % 32]! + encodedTime;
    time = Math.floor(time / 32);
  }
  return encodedTime + lastRandom.map((digit) => ALPHABET[digit]!).join('');
}

function increment(digits: number[]): number[] {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i -= 1) {
    if (next[i]! < 31) {
      next[i] = next[i]! + 1;
      return next;
    }
    next[i] = 0;
  }
  return next; // 2^80 ids in one millisecond: wrapping is unreachable
}
