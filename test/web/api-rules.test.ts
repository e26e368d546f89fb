/**
 * /api/rules and /api/rules-cap (Settings → Automatic photos) over HTTP with real session
 * tokens, the real pipeline behind them and both emulators: a rule saved through the API takes
 * a product the Shopify emulator creates, through ProductAI to a result.
 */
import { describe, expect, it } from 'vitest';
import type { RuleView, RulesOverview, SaveRuleRequest } from '../../src/app-api/rules.ts';
import { webhookDoneKey } from '../../src/shopify/webhook-queue.ts';
import { apiHarness, type TestShop } from './support/api-harness.ts';
import { SUMMER_RULE } from '../support/summer-rule.ts';
import { requestTestDocument } from '../support/test-documents.ts';

const harness = apiHarness();

const RULE: SaveRuleRequest = { ...SUMMER_RULE, dailyCap: 100 };

async function createRule(shop: TestShop, rule: Partial<SaveRuleRequest> = {}) {
  const { status, body } = await shop.api<RuleView>('POST', '/rules', { ...RULE, ...rule });
  expect(status).toBe(201);
  return body;
}

describe('/api/rules', () => {
  it('has no rules and no cap until the merchant saves one', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<RulesOverview>('GET', '/rules');
    expect(status).toBe(200);
    expect(body).toMatchObject({ rules: [], dailyCap: null, spentToday: 0, waiting: 0 });
    expect(body.timeZone).toBeTruthy();
    expect(body.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a rule without a daily cap, saying to set one', async () => {
    const shop = await harness.newShop();
    const { dailyCap: _, ...withoutCap } = RULE;
    const { status, body } = await shop.api<{ error: string; fields: Record<string, string> }>(
      'POST',
      '/rules',
      withoutCap,
    );
    expect(status).toBe(400);
    expect(body.error).toBe('daily_cap_required');
    expect(body.fields.dailyCap).toMatch(/daily credit cap/);
    expect((await shop.api<RulesOverview>('GET', '/rules')).body.rules).toEqual([]);
  });

  it('refuses a rule ProductAI would refuse, per field', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<{ fields: Record<string, string> }>('POST', '/rules', {
      ...RULE,
      params: { ...RULE.params, model: 'no-such-model' },
    });
    expect(status).toBe(400);
    expect(Object.keys(body.fields)).toContain('model');
  });

  it('saves a rule with the cap, and lists it for this shop only', async () => {
    const shop = await harness.newShop();
    const other = await harness.newShop();
    const rule = await createRule(shop);
    expect(rule).toMatchObject({ name: 'Summer dresses', destination: 'review', recent: [] });
    const { body } = await shop.api<RulesOverview>('GET', '/rules');
    expect(body.rules.map((r) => r.id)).toEqual([rule.id]);
    expect(body.dailyCap).toBe(100);
    expect((await other.api<RulesOverview>('GET', '/rules')).body.rules).toEqual([]);
    expect((await other.api('DELETE', `/rules/${rule.id}`)).status).toBe(404);
  });

  it('pauses, resumes and edits a rule', async () => {
    const shop = await harness.newShop();
    const rule = await createRule(shop);
    const paused = await shop.api<RuleView>('PATCH', `/rules/${rule.id}`, { active: false });
    expect(paused.body.active).toBe(false);
    const edited = await shop.api<RuleView>('PUT', `/rules/${rule.id}`, {
      ...RULE,
      name: 'Beach',
      active: false,
      dailyCap: 40,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: rule.id, name: 'Beach', active: false });
    expect((await shop.api<RulesOverview>('GET', '/rules')).body.dailyCap).toBe(40);
    const resumed = await shop.api<RuleView>('PATCH', `/rules/${rule.id}`, { active: true });
    expect(resumed.body.active).toBe(true);
  });

  it('answers 404 with a message for a rule that is gone', async () => {
    const shop = await harness.newShop();
    const rule = await createRule(shop);
    expect((await shop.api('DELETE', `/rules/${rule.id}`)).status).toBe(204);
    const again = await shop.api<{ message: string }>('DELETE', `/rules/${rule.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(/already deleted/);
    const edit = await shop.api<{ message: string }>('PUT', `/rules/${rule.id}`, RULE);
    expect(edit.status).toBe(404);
    expect(edit.body.message).toMatch(/no longer exists/);
  });

  it('refuses a cap below the price of one photo of the rule, saying what it costs', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<{ error: string; fields: Record<string, string> }>(
      'POST',
      '/rules',
      { ...RULE, dailyCap: 3 },
    );
    expect(status).toBe(400);
    expect(body.error).toBe('daily_cap_below_cost');
    expect(body.fields.dailyCap).toBe(
      'A photo with this rule costs 5 credits; the daily cap must be at least 5.',
    );
    expect((await shop.api<RulesOverview>('GET', '/rules')).body.rules).toEqual([]);
    expect((await shop.api('POST', '/rules', { ...RULE, dailyCap: 5 })).status).toBe(201);
  });

  it('counts every option of a product in the least cap', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<{ fields: Record<string, string> }>('POST', '/rules', {
      ...RULE,
      options: 3,
      dailyCap: 14,
    });
    expect(status).toBe(400);
    expect(body.fields.dailyCap).toBe(
      'A product with this rule costs 15 credits (3 options of 5); the daily cap must be at least 15.',
    );
  });

  it('refuses lowering the cap alone below the price of a photo of any rule, naming it', async () => {
    const shop = await harness.newShop();
    await createRule(shop);
    const { status, body } = await shop.api<{ fields: Record<string, string> }>(
      'PUT',
      '/rules-cap',
      { dailyCap: 4 },
    );
    expect(status).toBe(400);
    expect(body.fields.dailyCap).toBe(
      'A photo with the rule “Summer dresses” costs 5 credits; the daily cap must be at least 5.',
    );
    expect((await shop.api<RulesOverview>('GET', '/rules')).body.dailyCap).toBe(100);
  });

  it('lets a paused rule cost more than the cap, and refuses resuming it until the cap covers it', async () => {
    const shop = await harness.newShop();
    await createRule(shop, { dailyCap: 5 });
    const pricey = await createRule(shop, {
      name: 'Pro shots',
      params: { ...RULE.params, model: 'nanobananapro' },
      dailyCap: 8,
    });
    expect((await shop.api('PATCH', `/rules/${pricey.id}`, { active: false })).status).toBe(200);
    expect((await shop.api('PUT', '/rules-cap', { dailyCap: 5 })).status).toBe(200);
    const resume = await shop.api<{ fields: Record<string, string> }>(
      'PATCH',
      `/rules/${pricey.id}`,
      {
        active: true,
      },
    );
    expect(resume.status).toBe(400);
    expect(resume.body.fields.dailyCap).toBe(
      'A photo with the rule “Pro shots” costs 8 credits; the daily cap must be at least 8.',
    );
  });

  it('changes the daily cap alone', async () => {
    const shop = await harness.newShop();
    await createRule(shop);
    const { status, body } = await shop.api<RulesOverview>('PUT', '/rules-cap', { dailyCap: 9 });
    expect(status).toBe(200);
    expect(body.dailyCap).toBe(9);
    expect((await shop.api('PUT', '/rules-cap', { dailyCap: 0 })).status).toBe(400);
  });

  it('shows a new product’s result under its rule, and today’s spend settled at the charge', async () => {
    const shop = await harness.newShop();
    const rule = await createRule(shop);
    const before = await shop.credits();
    const { product } = (await harness.app.shopifyControl('POST', `/shops/${shop.shop}/products`, {
      title: 'Linen dress',
      tags: ['summer'],
      images: 1,
    })) as { product: { id: string } };

    let overview: RulesOverview | undefined;
    await expect
      .poll(
        async () => {
          overview = (await shop.api<RulesOverview>('GET', '/rules')).body;
          return overview.rules[0]?.recent[0]?.state;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe('in_review');

    const [result] = overview!.rules[0]!.recent;
    expect(result!.productTitle).toBe('Linen dress');
    expect(result!.imageUrl).toBeTruthy();
    const generation = await harness.pipeline.generations.get(shop.shop, result!.generationId);
    expect(generation).toMatchObject({ productId: product.id, origin: { id: rule.id } });
    const charged = before - (await shop.credits());
    expect(charged).toBe(5);
    expect(generation!.chargedCredits).toBe(charged);
    expect(overview!.spentToday).toBe(charged);
  });
});

describe('a rule saved from a preset', () => {
  const BEACH = { id: 'beach', name: 'Beach', prompt: 'On a sunny beach' };

  async function withPresets(shop: TestShop, presets: (typeof BEACH)[]) {
    expect((await shop.api('PATCH', '/settings', { presets })).status).toBe(200);
  }

  async function promptFor(shop: TestShop, title: string): Promise<string | undefined> {
    const { product } = (await harness.app.shopifyControl('POST', `/shops/${shop.shop}/products`, {
      title,
      tags: ['summer'],
      images: 1,
    })) as { product: { id: string } };
    let prompt: string | undefined;
    await expect
      .poll(async () => {
        const list = await harness.pipeline.generations.list(shop.shop, { productId: product.id });
        prompt = list.generations[0]?.params.prompt;
        return prompt;
      })
      .toBeTruthy();
    return prompt;
  }

  it('keeps the preset it was saved from', async () => {
    const shop = await harness.newShop();
    await withPresets(shop, [BEACH]);
    const rule = await createRule(shop, { presetId: 'beach' });
    expect(rule.presetId).toBe('beach');
    const { body } = await shop.api<RulesOverview>('GET', '/rules');
    expect(body.rules[0]!.presetId).toBe('beach');
  });

  it('sends the preset’s prompt as it is when the rule fires, and its own once the preset is gone', async () => {
    const shop = await harness.newShop();
    await withPresets(shop, [BEACH]);
    await createRule(shop, { presetId: 'beach' });
    await withPresets(shop, [{ ...BEACH, prompt: 'On a dune at dusk' }]);
    expect(await promptFor(shop, 'Linen dress')).toBe('On a dune at dusk');
    await withPresets(shop, []);
    expect(await promptFor(shop, 'Cotton dress')).toBe(RULE.params.prompt);
  });

  it('refuses a preset the shop does not have, on the preset field', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<{ fields: Record<string, string> }>('POST', '/rules', {
      ...RULE,
      presetId: 'no-such-preset',
    });
    expect(status).toBe(400);
    expect(body.fields.presetId).toMatch(/no longer exists/);
  });
});

describe('a rule’s collections', () => {
  /** The shop's first seeded collection, as the resource picker would give it. */
  async function firstCollection(shop: TestShop) {
    const admin = await harness.app.deps.admin.forShop(shop.shop);
    const { collections } = await requestTestDocument<{
      collections: { nodes: { id: string; title: string }[] };
    }>(admin, `query FirstCollection { collections(first: 1) { nodes { id title } } }`);
    return collections.nodes[0]!;
  }

  it('are saved and listed with their titles, and take the products in them', async () => {
    const shop = await harness.newShop();
    const collection = await firstCollection(shop);
    const rule = await createRule(shop, {
      match: { collections: [collection], tags: [], productTypes: [], vendors: [] },
    });
    expect(rule.match.collections).toEqual([collection]);
    const { body } = await shop.api<RulesOverview>('GET', '/rules');
    expect(body.rules[0]!.match.collections).toEqual([collection]);

    const create = (title: string, collectionIds: number[]) =>
      harness.app.shopifyControl('POST', `/shops/${shop.shop}/products`, {
        title,
        images: 1,
        collectionIds,
      }) as Promise<{ product: { id: string }; deliveries: { eventId: string }[] }>;
    const inside = await create('In the collection', [Number(collection.id.split('/').pop())]);
    const outside = await create('Elsewhere', []);
    // The outside product's webhook has run its handler to the end (its done marker).
    const done = webhookDoneKey(harness.app.deps.webhookQueue, outside.deliveries[0]!.eventId);
    await expect.poll(() => harness.app.deps.redis.exists(done)).toBe(1);
    const made = (id: string) => harness.pipeline.generations.list(shop.shop, { productId: id });
    await expect.poll(async () => (await made(inside.product.id)).generations).toHaveLength(1);
    expect((await made(outside.product.id)).generations).toHaveLength(0);
  });

  it('are a handful at most', async () => {
    const shop = await harness.newShop();
    const many = Array.from({ length: 11 }, (_, i) => ({
      id: `gid://shopify/Collection/${i + 1}`,
      title: `Collection ${i + 1}`,
    }));
    const { status } = await shop.api('POST', '/rules', {
      ...RULE,
      match: { ...RULE.match, collections: many },
    });
    expect(status).toBe(400);
  });
});
