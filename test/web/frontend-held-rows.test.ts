/**
 * Activity's rows while polls bring generations it did not show (web/frontend/src/pages/
 * activity/held-rows.ts): those above the last row shown are held for the merchant's click,
 * the rows shown stay, updated in place.
 */
import { expect, test } from 'vitest';
import type { GenerationView } from '../../src/app-api/contract.ts';
import { heldRows } from '../../web/frontend/src/pages/activity/held-rows.ts';

/** A stand-in view: only the id (creation order) and the state matter here. */
const view = (id: string, state: GenerationView['state'] = 'in_review') =>
  ({ id, state }) as GenerationView;
const ids = (rows: GenerationView[]) => rows.map((row) => row.id);

test('new generations on top are held; the rows shown stay, as fresh as the answer', () => {
  const shown = [view('05'), view('04'), view('03')];
  const fresh = [view('07'), view('06'), view('05', 'published'), view('04')];
  const { rows, held } = heldRows(shown, fresh);
  expect(held).toBe(2);
  // 03 fell off the page's end, pushed by the held ones: kept as last seen.
  expect(ids(rows)).toEqual(['05', '04', '03']);
  expect(rows[0]!.state).toBe('published');
});

test('a row that left the filter goes; one that came into it above the last row is held', () => {
  const shown = [view('09'), view('07'), view('05')];
  const fresh = [view('09'), view('08'), view('05'), view('04')];
  const { rows, held } = heldRows(shown, fresh);
  expect(held).toBe(1); // 08, between rows shown
  // 07 left (older rows are there); 04, below the last row, is added.
  expect(ids(rows)).toEqual(['09', '05', '04']);
});

test('nothing held: the answer as it is', () => {
  const fresh = [view('02'), view('01')];
  expect(heldRows([view('02')], fresh)).toEqual({ rows: fresh, held: 0 });
  expect(heldRows([], fresh)).toEqual({ rows: fresh, held: 0 });
});
