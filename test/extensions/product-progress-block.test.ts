/**
 * The product page block (admin.product-details.block.render), rendered from its production
 * bundle in Chromium against the app stand-in: the product's work as it moves, what waits for the
 * merchant, failures, and the latest result, read from GET /api/generations for this product;
 * and in each language it is translated into, with no sentence left in English.
 */
import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { GenerationState, GenerationView } from '../../src/app-api/contract.ts';
import { generation, NOW, PRODUCT_ID } from './support/fixtures.ts';
import { useHarness } from './support/harness.ts';
import type { AppStandIn, Route } from './support/app-stand-in.ts';
import { readsAsEnglish } from '../support/untranslated.ts';

const harness = useHarness();

/** What the block asks for: this product's newest generations. */
const LIST_ROUTE =
  `GET /api/generations?productId=${encodeURIComponent(PRODUCT_ID)}&limit=20` as Route;

function made(
  id: string,
  state: GenerationState,
  overrides: Partial<GenerationView> = {},
): GenerationView {
  return {
    ...generation({
      productId: PRODUCT_ID,
      kind: 'photo',
      sourceMediaIds: ['gid://shopify/MediaImage/1'],
      model: 'nanobanana2',
      prompt: 'On a seamless white studio background',
    }),
    id,
    state,
    ...overrides,
  };
}

function published(id: string, at: string): GenerationView {
  return made(id, 'published', {
    result: {
      previewUrl: `https://cdn.example/${id}.png`,
      fileId: null,
      mediaId: `gid://shopify/MediaImage/${id}`,
      mediaType: 'image',
    },
    transitions: [
      { state: 'queued', at: NOW },
      { state: 'published', at },
    ],
  });
}

function page(generations: GenerationView[]) {
  return { generations, nextCursor: null, total: generations.length };
}

async function openBlock(setUp: (app: AppStandIn) => void, language?: string) {
  const opened = await harness.open('product-progress', [PRODUCT_ID], setUp, language);
  await opened.page.locator('s-admin-block').waitFor({ state: 'attached' });
  return opened;
}

test('follows a photo being made step by step, then shows it as the latest on the product', async () => {
  const { page: block, app } = await openBlock((stand) =>
    stand.answer(LIST_ROUTE, 200, page([made('gen-2', 'processing')])),
  );

  const step = block.getByText('Photo · step 3 of 5: ProductAI is making it');
  await step.waitFor();
  await block.getByText('ProductAI is making it. Photos usually take under a minute.').waitFor();
  expect(await block.locator('s-spinner').count()).toBe(1);
  expect(await block.locator('s-admin-block').getAttribute('collapsedSummary')).toBe(
    '1 being made',
  );

  app.answer(LIST_ROUTE, 200, page([made('gen-2', 'saving')]));
  await block.getByText('Photo · step 4 of 5: Saving to your files').waitFor();

  app.answer(LIST_ROUTE, 200, page([published('gen-2', '2026-07-01T10:00:09.000Z')]));
  await block.getByText('Latest on the product').waitFor();
  expect(await block.locator('s-thumbnail').getAttribute('src')).toBe(
    'https://cdn.example/gen-2.png',
  );
  // When, on the shop's clock (Tokyo: 10:00 UTC is 7 PM), labelled unless the machine is there.
  expect(await block.getByText(/^Photo, added Jul 1, 2026, 7:00 PM( GMT\+9)?$/).count()).toBe(1);
  expect(await block.locator('s-spinner').count()).toBe(0);
  expect(await block.getByText(/step \d of 5/).count()).toBe(0);
});

/** Making, its job's reads refused by its ProductAI account's rate limit until 10:06 UTC. */
const rateLimited = made('gen-6', 'processing', {
  waitingFor: 'productai',
  reason: "ProductAI is limiting this account's requests — the result is read again by 10:06 UTC.",
  reasonText: {
    code: 'waiting_productai_limit',
    params: { time: { at: '2026-07-01T10:06:00.000Z' } },
  },
});

test('a generation waiting out ProductAI’s rate limit says until when, on the shop’s clock', async () => {
  const { page: block } = await openBlock((stand) =>
    stand.answer(LIST_ROUTE, 200, page([rateLimited])),
  );

  // Tokyo: 10:06 UTC is 7:06 PM, labelled unless the machine is there.
  await block
    .getByText(
      /^ProductAI is limiting this account's requests — the result is read again by 7:06 PM( GMT\+9)?\.$/,
    )
    .waitFor();
  expect(await block.getByText(/10:06/).count()).toBe(0);
});

test('in Japanese, the time reads the Japanese way on the shop’s clock', async () => {
  const { page: block } = await openBlock(
    (stand) => stand.answer(LIST_ROUTE, 200, page([rateLimited])),
    'ja',
  );

  await block
    .getByText(/^ProductAIがこのアカウントのリクエストを制限しています — 結果は19:06( JST)?までに/)
    .waitFor();
});

/** Back in line: its request refused by ProductAI's rate limit (429), sent again after 10:05:07Z. */
const sendLimited = made('gen-7', 'queued', {
  waitingFor: 'productai',
  reason:
    "ProductAI is limiting the app's requests until 10:05 UTC — this one is sent then, in its turn; nothing was charged.",
  reasonText: {
    code: 'waiting_productai_limit_send',
    params: { time: { at: '2026-07-01T10:05:07.000Z' } },
  },
});

test('a request ProductAI’s limit refused says it is ProductAI’s limit, until when on the shop’s clock, in German', async () => {
  const { page: block } = await openBlock(
    (stand) => stand.answer(LIST_ROUTE, 200, page([sendLimited])),
    'de',
  );

  // Tokyo: 10:05 UTC is 19:05, labelled unless the machine is there; not "waiting for its turn".
  await block
    .getByText(
      /^ProductAI begrenzt die Anfragen der App bis 19:05( GMT\+9| JST)? – diese wird danach gesendet/,
    )
    .waitFor();
  expect(await block.getByText(/10:05/).count()).toBe(0);
});

/** Saving through a Shopify outage that began at 04:15Z: the app keeps trying until 10:15Z. */
const savingThroughOutage = made('gen-8', 'saving', {
  waitingFor: 'shopify',
  reason:
    'Waiting for Shopify to come back — saved as soon as it answers. The app keeps trying until 10:15 UTC.',
  reasonText: {
    code: 'waiting_shopify_until',
    params: { time: { at: '2026-07-01T10:15:00.000Z' } },
  },
});

test('an outage’s wait says until when the app keeps trying, on the shop’s clock', async () => {
  const { page: block } = await openBlock((stand) =>
    stand.answer(LIST_ROUTE, 200, page([savingThroughOutage])),
  );

  await block
    .getByText(
      /^Waiting for Shopify to come back — saved as soon as it answers\. The app keeps trying until 7:15 PM( GMT\+9)?\.$/,
    )
    .waitFor();
});

test('asks the app for the product it is on and the shop’s clock, nothing else', async () => {
  const { app } = await openBlock((stand) => stand.answer(LIST_ROUTE, 200, page([])));

  const request = await app.nextRequest(LIST_ROUTE);
  expect(request.route).toBe(LIST_ROUTE);
  await app.nextRequest('GET /api/shop');
  expect(app.requests.every(({ route }) => [LIST_ROUTE, 'GET /api/shop'].includes(route))).toBe(
    true,
  );
});

test('a product without AI photos says how to make one', async () => {
  const { page: block } = await openBlock((stand) => stand.answer(LIST_ROUTE, 200, page([])));

  await block.getByText(/^No AI photo of this product yet\./).waitFor();
  expect(await block.locator('s-link').count()).toBe(0);
});

test('a result waiting for review links to it in the app; a failure says why', async () => {
  const { page: block } = await openBlock((stand) =>
    stand.answer(
      LIST_ROUTE,
      200,
      page([
        made('gen-4', 'in_review'),
        made('gen-3', 'failed', { reason: 'ProductAI could not read the source image.' }),
        published('gen-2', '2026-07-01T10:00:09.000Z'),
        // Before the latest photo: history, not shown.
        made('gen-1', 'failed', { reason: 'An old failure.' }),
      ]),
    ),
  );

  await block.locator('s-badge[tone="info"]').filter({ hasText: 'Ready for review' }).waitFor();
  expect(await block.getByText('Review it in the app').getAttribute('href')).toBe(
    'app:activity?generation=gen-4',
  );
  expect(await block.locator('s-badge[tone="critical"]').textContent()).toBe('Failed');
  await block.getByText('ProductAI could not read the source image.').waitFor();
  expect(await block.getByText('An old failure.').count()).toBe(0);
  await block.getByText('Latest on the product').waitFor();
  expect(
    await block.getByText("See this product's AI photos in Activity").getAttribute('href'),
  ).toBe(`app:activity?productId=${encodeURIComponent(PRODUCT_ID)}&productTitle=Ceramic+mug`);
  expect(await block.locator('s-admin-block').getAttribute('collapsedSummary')).toBe(
    '1 ready for review',
  );
});

/** A result waiting for review that the product check called changed. */
const heldChanged = (english = 'the dark blue part has another colour') =>
  made('gen-5', 'in_review', {
    fidelity: {
      verdict: 'changed',
      findings: [english],
      findingTexts: [
        {
          code: 'finding_part_colour',
          params: { colour: { code: 'colour_dark', params: { colour: { code: 'colour_blue' } } } },
        },
      ],
      checks: { located: true },
      region: { x: 0.2, y: 0.25, width: 0.5, height: 0.6 },
    },
  });

test('a result the product check held says so on the block, with its verdict and why', async () => {
  const { page: block } = await openBlock((stand) =>
    stand.answer(LIST_ROUTE, 200, page([heldChanged()])),
  );

  await block.locator('s-badge[tone="warning"]').filter({ hasText: 'Held for review' }).waitFor();
  expect(
    await block.locator('s-badge[tone="critical"]', { hasText: 'Product check: Changed' }).count(),
  ).toBe(1);
  await block.getByText('the dark blue part has another colour').waitFor();
  expect(await block.getByText('Review it in the app').getAttribute('href')).toBe(
    'app:activity?generation=gen-5',
  );
});

/** Its English since reworded: the pages read the finding by its code. */
const REWORDED = 'the dark blue bit changed colour';

test("in French, the block gives the check's reason in French, by its code", async () => {
  const { page: block } = await openBlock(
    (stand) => stand.answer(LIST_ROUTE, 200, page([heldChanged(REWORDED)])),
    'fr',
  );

  await block.locator('s-badge', { hasText: 'Retenue pour vérification' }).waitFor();
  await block.locator('s-badge', { hasText: 'Contrôle du produit : Modifié' }).waitFor();
  await block.getByText('la partie en bleu foncé n’a plus la même couleur').waitFor();
  expect(await block.getByText(/dark blue|part has/).count()).toBe(0);
});

test("in Japanese too, the check's reason by its code", async () => {
  const { page: block } = await openBlock(
    (stand) => stand.answer(LIST_ROUTE, 200, page([heldChanged(REWORDED)])),
    'ja',
  );

  await block.getByText('濃い青の部分の色が異なります').waitFor();
  expect(await block.getByText(/dark blue|changed colour/).count()).toBe(0);
});

/** The block's translations: its locale files besides English, by language. */
const TRANSLATED = readdirSync(
  new URL('../../extensions/product-progress/locales/', import.meta.url),
)
  .filter((file) => file !== 'en.default.json')
  .map((file) => file.slice(0, -'.json'.length));

/** Every line the block shows for a result the check held, in `language`. */
async function heldBlockLines(language: string): Promise<string[]> {
  const { page: block } = await openBlock(
    (stand) => stand.answer(LIST_ROUTE, 200, page([heldChanged()])),
    language,
  );
  await block.locator('s-badge[tone="critical"]').waitFor();
  // Each text node (the page's script aside): the bare `s-*` elements are inline, so innerText
  // would run them together.
  const texts = await block.locator('body').evaluate((body) => {
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    while (walker.nextNode()) {
      if (walker.currentNode.parentElement?.tagName !== 'SCRIPT')
        found.push(walker.currentNode.textContent ?? '');
    }
    return found;
  });
  return [...new Set(texts.map((text) => text.trim()).filter(Boolean))];
}

test.each(TRANSLATED)(
  'in %s, a held result reads with no sentence left in English',
  async (language) => {
    const english = new Set(await heldBlockLines('en'));
    const lines = await heldBlockLines(language);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.filter((line) => english.has(line) && readsAsEnglish(line, language))).toEqual([]);
  },
);

test('several results of one request are one entry, to choose among in the app', async () => {
  const options = ['gen-7', 'gen-6', 'gen-5'].map((id) =>
    made(id, 'in_review', { optionGroup: 'group-1' }),
  );
  const { page: block } = await openBlock((stand) => stand.answer(LIST_ROUTE, 200, page(options)));

  const choose = block.getByText('Choose among 3 results in the app');
  await choose.waitFor();
  expect(await choose.getAttribute('href')).toBe('app:generate?generation=gen-7');
  expect(await block.locator('s-badge').count()).toBe(1);
});

test('a read that fails before anything is shown says so, and the next read recovers', async () => {
  const { page: block, app } = await openBlock((stand) =>
    stand.answer(LIST_ROUTE, 429, {
      error: 'rate_limited',
      message: 'Too many requests at once. Wait a moment and try again.',
    }),
  );

  await block
    .locator('s-banner[tone="critical"]')
    .filter({ hasText: 'Too many requests at once.' })
    .waitFor();
  app.answer(LIST_ROUTE, 200, page([made('gen-2', 'queued')]));
  // The next read comes at the idle pace (5 s) when nothing was shown moving.
  await block.getByText('Photo · step 1 of 5: Queued').waitFor({ timeout: 7_000 });
  expect(await block.locator('s-banner').count()).toBe(0);
});
