/**
 * The experiment card's chart (web/frontend/src/pages/experiments/DaysChart.tsx) is an image
 * that says what it shows: role img, named by its title (the goal's metric) and described by the
 * days it covers and each arm's last figure with its interval; a line and a band per arm, the
 * band drawn only on days with an interval; nothing at all before the first complete day. While
 * its days are asked, the same box (legend, axes' lines, the plot's viewBox) named as loading,
 * and once they could not be had, says so.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { ExperimentDayView, ExperimentView } from '../../src/app-api/experiments.ts';
import { DaysChart } from '../../web/frontend/src/pages/experiments/DaysChart.tsx';

type Day = ExperimentDayView;

const arm = (id: 'control' | 'ai1') => ({
  arm: id,
  media: `gid://shopify/MediaImage/${id}`,
  image: `https://cdn.example/${id}.png`,
  generationId: id === 'control' ? null : 'gen-1',
  weight: 50,
  visitors: 5000,
  conversions: 200,
  uplift: null,
  probabilityBetter: null,
});

function experiment(completeDays: number): ExperimentView {
  return {
    id: 'e1',
    productId: 'gid://shopify/Product/1',
    arms: [arm('control'), arm('ai1')],
    goal: 'add_to_cart',
    minDays: 14,
    maxDays: 28,
    endAction: 'keep_winner',
    losers: 'keep_in_product',
    status: 'running',
    day: 9,
    daysToDecision: 5,
    winner: null,
    why: null,
    kept: null,
    completeDays,
    settling: false,
    startedAt: '2026-11-20T00:00:00Z',
    endedAt: null,
  };
}

const day = (key: string, control: number, ai: number, interval: boolean): Day => ({
  day: key,
  arms: [
    {
      arm: 'control',
      visitors: 1000,
      value: control,
      interval: interval ? { lower: control - 0.01, upper: control + 0.01 } : null,
    },
    {
      arm: 'ai1',
      visitors: 1000,
      value: ai,
      interval: interval ? { lower: ai - 0.01, upper: ai + 0.01 } : null,
    },
  ],
});

test('the chart is an image named by its metric and described by its last day', () => {
  const html = renderToStaticMarkup(
    <DaysChart
      experiment={experiment(3)}
      days={[
        day('2026-11-20', 0.04, 0.05, false),
        day('2026-11-21', 0.041, 0.052, true),
        day('2026-11-22', 0.04, 0.055, true),
      ]}
    />,
  );
  const svg = new MarkupLite(html);
  expect(svg.attribute('svg', 'role')).toBe('img');
  const [title, desc] = svg.attribute('svg', 'aria-labelledby')!.split(' ');
  expect(svg.textOf(title!)).toBe('Add-to-cart rate of each image by day, with its interval');
  expect(svg.textOf(desc!)).toBe(
    'From Nov 20 to Nov 22, counted from the start. On Nov 22: ' +
      'Original: 4% (3% to 5%); AI photo: 5.5% (4.5% to 6.5%).',
  );
  // A line per arm through its three days; a band per arm over the two days with an interval.
  expect(svg.count('polyline')).toBe(2);
  expect(svg.count('polygon')).toBe(2);
  expect(svg.attribute('polygon', 'points')!.split(' ')).toHaveLength(4);
});

test('no chart before the first complete day', () => {
  expect(renderToStaticMarkup(<DaysChart experiment={experiment(0)} days={[]} />)).toBe('');
});

test("while its days are asked, the chart's box stands in, named as loading", () => {
  const loaded = new MarkupLite(
    renderToStaticMarkup(
      <DaysChart experiment={experiment(1)} days={[day('2026-11-20', 0.04, 0.05, true)]} />,
    ),
  );
  const pending = new MarkupLite(
    renderToStaticMarkup(<DaysChart experiment={experiment(1)} days={null} />),
  );
  // The same plot (its viewBox, so its height at the card's width), legend and axes' lines.
  expect(pending.attribute('svg', 'viewBox')).toBe(loaded.attribute('svg', 'viewBox'));
  expect(pending.count('span')).toBe(loaded.count('span'));
  expect(pending.attribute('figure', 'aria-busy')).toBe('true');
  expect(pending.attribute('svg', 'role')).toBe('img');
  expect(pending.textOf(pending.attribute('svg', 'aria-labelledby')!)).toBe(
    'Loading the figures by day…',
  );
  expect(pending.count('polyline')).toBe(0);
});

test('days that could not be had: what the card says stands over the box', () => {
  const html = renderToStaticMarkup(
    <DaysChart experiment={experiment(2)} days={null} failed={<button>Try again</button>} />,
  );
  const failed = new MarkupLite(html);
  expect(failed.attribute('figure', 'aria-busy')).toBeUndefined();
  // The words over the box say it; the empty box is hidden from screen readers.
  expect(failed.attribute('svg', 'aria-hidden')).toBe('true');
  expect(failed.attribute('svg', 'role')).toBeUndefined();
  expect(html).toContain('<button>Try again</button>');
});

/** Just enough reading of the rendered markup: an element's attribute, text under an id, counts. */
class MarkupLite {
  private readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
  attribute(tag: string, name: string): string | undefined {
    const element = new RegExp(`<${tag}\\b[^>]*>`).exec(this.html)?.[0] ?? '';
    return new RegExp(`${name}="([^"]*)"`).exec(element)?.[1];
  }
  textOf(id: string): string | undefined {
    return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(this.html)?.[1];
  }
  count(tag: string): number {
    return this.html.match(new RegExp(`<${tag}\\b`, 'g'))?.length ?? 0;
  }
}
