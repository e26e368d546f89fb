/**
 * An experiment in the merchant's words (web/frontend/src/pages/experiments/experiment-wording.ts):
 * where it stands, its decision by why it ended, its uplift with the interval, and the server's
 * refusals to start one as what to do.
 */
import { expect, test } from 'vitest';
import type { ExperimentView } from '../../src/app-api/experiments.ts';
import {
  armName,
  decision,
  formatUpliftInterval,
  startRefusal,
  summary,
  winnerToKeep,
} from '../../web/frontend/src/pages/experiments/experiment-wording.ts';

const arm = (id: ExperimentView['arms'][number]['arm'], visitors: number) => ({
  arm: id,
  media: `gid://shopify/MediaImage/${id}`,
  image: `https://cdn.example/${id}.png`,
  generationId: id === 'control' ? null : `gen-${id}`,
  weight: 50,
  visitors,
  conversions: 0,
  uplift: null,
  probabilityBetter: null,
});

function experiment(changes: Partial<ExperimentView> = {}): ExperimentView {
  return {
    id: 'e1',
    productId: 'gid://shopify/Product/1',
    arms: [arm('control', 900), arm('ai1', 910)],
    goal: 'add_to_cart',
    minDays: 14,
    maxDays: 28,
    endAction: 'keep_winner',
    losers: 'keep_in_product',
    status: 'running',
    day: 3,
    daysToDecision: 11,
    winner: null,
    why: null,
    kept: null,
    completeDays: 0,
    settling: false,
    startedAt: '2026-11-20T00:00:00Z',
    endedAt: null,
    ...changes,
  };
}

test('a running experiment says how far it is from a decision', () => {
  expect(decision(experiment())).toBe('No decision yet: about 11 more days to a decision.');
  expect(decision(experiment({ daysToDecision: 1 }))).toBe(
    'No decision yet: about 1 more day to a decision.',
  );
  expect(decision(experiment({ daysToDecision: null }))).toBe(
    'No decision yet, and none expected at the current rate before the maximum of 28 days.',
  );
  expect(decision(experiment({ arms: [arm('control', 0), arm('ai1', 0)] }))).toBe(
    'Waiting for the first visitors: nothing to compare yet.',
  );
});

test('an ended experiment says what was decided and what the product shows', () => {
  const ended = { status: 'ended', daysToDecision: null } as const;
  expect(decision(experiment({ ...ended, why: 'decided', winner: 'ai1', kept: 'ai1' }))).toBe(
    'The AI photo sells better: it is now the featured image.',
  );
  expect(decision(experiment({ ...ended, why: 'decided', winner: 'ai1', endAction: 'ask' }))).toBe(
    'The AI photo sells better: make it the featured image when you are ready.',
  );
  expect(
    decision(experiment({ ...ended, why: 'decided', winner: 'control', kept: 'control' })),
  ).toBe('The original sells better: it stays the featured image.');
  expect(
    decision(experiment({ ...ended, why: 'decided', winner: 'control', endAction: 'ask' })),
  ).toBe('The original sells better: keep it as the featured image when you are ready.');
  expect(decision(experiment({ ...ended, why: 'stopped_keep_original', winner: 'control' }))).toBe(
    'Stopped: the original is kept as the featured image.',
  );
  expect(decision(experiment({ ...ended, why: 'ended_by_campaign' }))).toMatch(/campaign/);
});

test('an end that asked offers its winner until the merchant keeps it, and no other end does', () => {
  const ended = { status: 'ended', daysToDecision: null, endAction: 'ask' } as const;
  expect(winnerToKeep(experiment({ ...ended, why: 'decided', winner: 'ai1' }))?.arm).toBe('ai1');
  expect(winnerToKeep(experiment({ ...ended, why: 'decided', winner: 'control' }))?.arm).toBe(
    'control',
  );
  expect(winnerToKeep(experiment({ ...ended, why: 'decided', winner: 'ai1', kept: 'ai1' }))).toBe(
    null,
  );
  expect(winnerToKeep(experiment({ ...ended, why: 'no_clear_winner' }))).toBe(null);
  expect(winnerToKeep(experiment({ ...ended, why: 'ended_by_undo' }))).toBe(null);
});

test('the options it started with read in a line', () => {
  expect(summary(experiment())).toBe(
    'Add-to-cart rate, 14 to 28 days. The winner becomes the featured image. ' +
      'The other images stay in the product’s media.',
  );
  expect(
    summary(
      experiment({ goal: 'revenue', endAction: 'ask', losers: 'remove_from_product', minDays: 7 }),
    ),
  ).toBe(
    'Revenue per visitor, 7 to 28 days. You choose what to keep at the end. ' +
      'The other images are removed from the product; they stay in Files.',
  );
});

test('AI photos are numbered only when there are several', () => {
  const three = experiment({ arms: [arm('control', 1), arm('ai1', 1), arm('ai2', 1)] });
  expect(three.arms.map((each) => armName(each, three))).toEqual([
    'Original',
    'AI photo 1',
    'AI photo 2',
  ]);
});

test('the uplift reads with its interval, signed', () => {
  expect(formatUpliftInterval({ estimate: 4.23, lower: -1, upper: 9.5 })).toBe(
    '+4.2 % (-1 % to +9.5 %)',
  );
});

test('a refusal to start is what to do; an unknown one is left to the server', () => {
  expect(startRefusal('product_in_experiment')).toBe(
    'This product is already in an experiment: stop it first, on the Experiments page.',
  );
  expect(startRefusal('held_by_campaign')).toMatch(/^A campaign holds/);
  expect(startRefusal('something_new')).toBeNull();
});
