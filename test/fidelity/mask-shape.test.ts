/**
 * A cut-out's mask widened or narrowed by a disc reaches the same distance every way (the
 * outline's band grown.ts measures past), and by a square as far along a diagonal.
 */
import { expect, test } from 'vitest';
import { changedMask } from '../../src/fidelity/mask-shape.ts';
import { loadOpenCv } from '../../src/fidelity/opencv.ts';

const SIDE = 21;
const at = (mask: Uint8Array, x: number, y: number) => mask[y * SIDE + x];

/** One pixel on, in the middle of the frame. */
function dot(): Uint8Array {
  const mask = new Uint8Array(SIDE * SIDE);
  mask[10 * SIDE + 10] = 1;
  return mask;
}

test('a disc widens a mask by its radius every way, and not as far along a diagonal', async () => {
  const { cv } = await loadOpenCv();
  const wide = changedMask(cv, dot(), SIDE, SIDE, { by: 'widening', shape: 'disc', size: 9 });
  expect([at(wide, 14, 10), at(wide, 10, 6), at(wide, 6, 10), at(wide, 10, 14)]).toEqual([
    1, 1, 1, 1,
  ]);
  expect(at(wide, 15, 10)).toBe(0);
  // (3, 3) lies 4.24 px away: outside a disc of radius 4, inside its square.
  expect(at(wide, 13, 13)).toBe(0);
  expect(at(wide, 12, 13)).toBe(1);
});

test('a square widens a mask as far along a diagonal as across', async () => {
  const { cv } = await loadOpenCv();
  const wide = changedMask(cv, dot(), SIDE, SIDE, { by: 'widening', shape: 'square', size: 9 });
  expect([at(wide, 14, 14), at(wide, 6, 6)]).toEqual([1, 1]);
  expect(at(wide, 15, 14)).toBe(0);
});

test('a disc narrows a mask to what lies farther than its radius from the mask’s edge', async () => {
  const { cv } = await loadOpenCv();
  const block = new Uint8Array(SIDE * SIDE);
  for (let y = 2; y <= 18; y++) block.fill(1, y * SIDE + 2, y * SIDE + 19);
  const narrow = changedMask(cv, block, SIDE, SIDE, { by: 'narrowing', shape: 'disc', size: 9 });
  // The block starts at x 2: x 5 lies 4 px from the off pixel at x 1, x 6 lies 5 px from it.
  expect(at(narrow, 5, 10)).toBe(0);
  expect(at(narrow, 6, 10)).toBe(1);
  expect(at(narrow, 10, 10)).toBe(1);
});
