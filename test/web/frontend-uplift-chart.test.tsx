/**
 * The experiment card's chart (web/frontend/src/pages/experiments/UpliftChart.tsx) is an image
 * that says what it shows: role img, named by its title and described by each AI photo's uplift
 * with its interval; nothing at all before there is an uplift to draw.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { ExperimentView } from '../../src/app-api/experiments.ts';
import { UpliftChart } from '../../web/frontend/src/pages/experiments/UpliftChart.tsx';

type Uplift = ExperimentView['arms'][number]['uplift'];

function experiment(uplift: Uplift): ExperimentView {
  const arm = (id: 'control' | 'ai1', up: Uplift) => ({
    arm: id,
    media: `gid://shopify/MediaImage/${id}`,
    image: `https://cdn.example/${id}.png`,
    generationId: id === 'control' ? null : 'gen-1',
    weight: 50,
    visitors: 5000,
    conversions: 200,
    uplift: up,
    probabilityBetter: up ? 0.91 : null,
  });
  return {
    id: 'e1',
    productId: 'gid://shopify/Product/1',
    arms: [arm('control', null), arm('ai1', uplift)],
    goal: 'add_to_cart',
    minDays: 14,
    maxDays: 28,
    endAction: 'keep_winner',
    status: 'running',
    day: 9,
    daysToDecision: 5,
    winner: null,
    why: null,
    settling: false,
    startedAt: '2026-11-20T00:00:00Z',
    endedAt: null,
  };
}

test('the chart is an image named and described by its figures', () => {
  const html = renderToStaticMarkup(
    <UpliftChart experiment={experiment({ estimate: 12.5, lower: 2, upper: 23 })} />,
  );
  const svg = new DOMParserLite(html);
  expect(svg.attribute('svg', 'role')).toBe('img');
  const [title, desc] = svg.attribute('svg', 'aria-labelledby')!.split(' ');
  expect(svg.textOf(title!)).toBe(
    'Uplift of each AI photo against the original, with its interval',
  );
  expect(svg.textOf(desc!)).toBe('AI photo: +12.5 % (+2 % to +23 %)');
  // The whole interval is above 0 %: the band starts right of the original's line.
  expect(Number(svg.attribute('rect', 'x'))).toBeGreaterThan(Number(svg.attribute('line', 'x1')));
});

test('no chart before there is an uplift', () => {
  expect(renderToStaticMarkup(<UpliftChart experiment={experiment(null)} />)).toBe('');
});

/** Just enough reading of the rendered markup: an element's attribute, the text under an id. */
class DOMParserLite {
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
}
