/**
 * Letters' edges compared letter by letter (src/fidelity/letter-edges.ts): a word with one letter
 * changed still correlates fairly well as a whole, and its worst letter shows the change.
 */
import { describe, expect, test } from 'vitest';
import { letterAgreement } from '../../src/fidelity/letter-edges.ts';

const LETTER = 20;
const WIDTH = LETTER * 6;
const HEIGHT = 30;

/** Edge maps of six "letters", each a seeded scatter of strokes in its own cell. */
function word(letters: number[]): Float32Array {
  const edges = new Float32Array(WIDTH * HEIGHT);
  letters.forEach((seed, cell) => {
    let s = seed;
    const next = () => (s = (s * 16807) % 2147483647) / 2147483647;
    for (let k = 0; k < 60; k++) {
      const x = cell * LETTER + Math.floor(next() * LETTER);
      const y = Math.floor(next() * HEIGHT);
      edges[y * WIDTH + x] = 100 + next() * 100;
    }
  });
  return edges;
}

const seen = new Uint8Array(WIDTH * HEIGHT).fill(1);

describe('letters compared letter by letter', () => {
  test('the same word agrees on every letter', () => {
    const source = word([1, 2, 3, 4, 5, 6]);
    const { whole, worst } = letterAgreement(source, source, seen, WIDTH, LETTER);
    expect(whole).toBeCloseTo(1);
    expect(worst).toBeCloseTo(1);
  });

  test('one letter changed leaves the whole fairly alike and its worst letter unlike', () => {
    const { whole, worst } = letterAgreement(
      word([1, 2, 3, 4, 5, 6]),
      word([1, 2, 3, 99, 5, 6]),
      seen,
      WIDTH,
      LETTER,
    );
    expect(whole).toBeGreaterThan(0.7);
    expect(worst).toBeLessThan(0.3);
  });

  test('a blank margin of the source is not a letter: grain there on the result is no change', () => {
    const source = word([1, 2, 3, 4, 5, 6]);
    for (let y = 0; y < HEIGHT; y++) source.fill(0, y * WIDTH + LETTER * 5, (y + 1) * WIDTH);
    const result = Float32Array.from(source);
    for (let y = 0; y < HEIGHT; y++)
      for (let x = LETTER * 5; x < WIDTH; x++) result[y * WIDTH + x] = (x * 7 + y * 13) % 5;
    expect(letterAgreement(source, result, seen, WIDTH, LETTER).worst).toBeGreaterThan(0.9);
  });
});
