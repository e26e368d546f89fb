/**
 * Rules for new products, as the merchant manages them (Settings → Automatic photos; contract:
 * src/app-api/rules.ts): the overview (rules with their last results, the daily cap, today's
 * spend and the work waiting for tomorrow's cap), saving, pausing and deleting a rule, and
 * changing the cap alone.
 *
 * A rule ProductAI could never serve (a model that refuses the images it would send, a prompt
 * too long for the model) is refused at saving, per field, rather than failing on every product;
 * so is one that follows a preset the shop no longer has (rule-prompt.ts: which prompt is sent),
 * and a daily cap below what one product of a rule costs (rule-cost.ts). Saving a cap admits at
 * once the waiting work it now covers, oldest first (cap-line.ts).
 */
import type {
  Rule,
  RuleResult,
  RuleView,
  RulesOverview,
  SaveRuleRequest,
} from '../../app-api/rules.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import { RuleNotFoundError } from './rule-store.ts';
import {
  type Pipeline,
  type Generation,
  completeParams,
  referenceImageRange,
  requestProblems,
} from '../../pipeline/index.ts';
import type { RuleEngine } from './engine.ts';
import { capBelowCostText, ruleCost, type RuleCost } from './rule-cost.ts';
import { rulePrompt } from './rule-prompt.ts';

export interface RulesService {
  overview(shop: string): Promise<RulesOverview>;
  /** Saves a new rule (and the shop's daily cap with it). */
  create(shop: string, request: SaveRuleRequest): Promise<RuleView>;
  /** Replaces rule `id` (and sets the daily cap with it). */
  update(shop: string, id: string, request: SaveRuleRequest): Promise<RuleView>;
  /** Pauses or resumes a rule. */
  setActive(shop: string, id: string, active: boolean): Promise<RuleView>;
  remove(shop: string, id: string): Promise<void>;
  setDailyCap(shop: string, dailyCap: number): Promise<RulesOverview>;
}

export interface RulesServiceDeps {
  rules: RuleEngine;
  pipeline: Pick<Pipeline, 'generations'>;
  settings: ShopSettingsStore;
}

/**
 * How many paused generations the overview reads to count those waiting for the cap: a bound
 * on one request's work. A shop with more waiting sees "1000+"-like floors, never a slow page.
 */
const WAITING_SCAN_LIMIT = 1000;

/** A rule gone meanwhile (another tab deleted it), in the merchant's words. */
async function ruleErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof RuleNotFoundError)) throw error;
    throw new AppError('not_found', 'rule_not_found', { cause: error });
  }
}

/** A cap below one product of `rule` (named unless it is the one being saved) is refused. */
function refuseBelowCost(
  dailyCap: number,
  rule: Pick<Rule, 'kind' | 'options'> & { name?: string },
  cost: RuleCost,
): void {
  if (dailyCap >= cost.perProduct) return;
  throw invalidFields('daily_cap_below_cost', [
    { field: 'dailyCap', ...capBelowCostText(rule, cost) },
  ]);
}

/** One photo per colour: a photo (a variant shows an image), one result per colour. */
function eachVariantProblems(request: SaveRuleRequest) {
  return [
    ...(request.kind === 'photo'
      ? []
      : [{ field: 'eachVariant', code: 'variants_photos_only' } as const]),
    ...(request.options > 1 ? [{ field: 'options', code: 'variants_one_option' } as const] : []),
  ];
}

function resultOf(generation: Generation): RuleResult {
  return {
    generationId: generation.id,
    productTitle: generation.productTitle,
    state: generation.state,
    // A video result is not an image: its product stands in for it.
    imageUrl:
      (generation.kind === 'video' ? null : generation.resultUrl) ?? generation.productImageUrl,
    createdAt: generation.createdAt,
  };
}

export function createRulesService(deps: RulesServiceDeps): RulesService {
  const { rules } = deps;
  const { generations } = deps.pipeline;

  /**
   * Refuses a rule whose request ProductAI would refuse for a product with enough images (with
   * the prompt it would send: its preset's), or that follows a preset the shop does not have.
   */
  async function requireServable(shop: string, request: SaveRuleRequest): Promise<void> {
    const { defaults, presets } = await deps.settings.get(shop);
    if (request.presetId && !presets.some((preset) => preset.id === request.presetId)) {
      throw invalidFields('unknown_preset', [{ field: 'presetId', code: 'unknown_preset' }]);
    }
    const prompt = rulePrompt(request, presets);
    const params = completeParams(request.kind, { ...request.params, prompt }, defaults);
    const range = referenceImageRange(request.kind, params);
    const sent = range ? Math.min(request.imagesSent, range.max) : request.imagesSent;
    const problems = requestProblems(request.kind, params, sent).map((problem) =>
      problem.field === 'sourceMediaIds' ? { ...problem, field: 'imagesSent' } : problem,
    );
    if (request.eachVariant) problems.push(...eachVariantProblems(request));
    if (problems.length > 0) throw invalidFields('invalid_rule', problems);
  }

  /**
   * Refuses a cap below the cost of one product of the rule being saved or of any active rule of
   * the shop: such a rule's work could wait for ever. (A paused rule is checked when resumed.)
   */
  async function requireCapCovers(
    shop: string,
    dailyCap: number,
    saving?: { request: SaveRuleRequest; id?: string },
  ): Promise<void> {
    const settings = await deps.settings.get(shop);
    if (saving) {
      const { kind, options } = saving.request;
      refuseBelowCost(dailyCap, { kind, options }, ruleCost(saving.request, settings));
    }
    for (const rule of await rules.store.list(shop)) {
      if (rule.id === saving?.id || !rule.active) continue;
      refuseBelowCost(dailyCap, rule, ruleCost(rule, settings));
    }
  }

  async function view(shop: string, rule: Rule): Promise<RuleView> {
    const ids = await rules.store.recent(shop, rule.id);
    const recent = await Promise.all(ids.map((id) => generations.get(shop, id)));
    return {
      ...rule,
      recent: recent.filter((g): g is Generation => g !== null).map(resultOf),
    };
  }

  /** Automatic generations parked by the cap (paused by anything else is not counted). */
  async function waitingCount(shop: string): Promise<number> {
    let waiting = 0;
    let after: string | undefined;
    for (let read = 0; read < WAITING_SCAN_LIMIT;) {
      const ids = await generations.idsInState(shop, 'paused', 100, after);
      if (ids.length === 0) break;
      read += ids.length;
      after = ids.at(-1);
      const paused = await Promise.all(ids.map((id) => generations.get(shop, id)));
      waiting += paused.filter((g) => g?.pausedBy === 'daily-cap').length;
    }
    return waiting;
  }

  async function overview(shop: string): Promise<RulesOverview> {
    const { day, timeZone } = await rules.today(shop);
    const [list, dailyCap, spentToday, waiting] = await Promise.all([
      rules.store.list(shop),
      rules.store.dailyCap(shop),
      rules.spend.spent(shop, day),
      waitingCount(shop),
    ]);
    const views = await Promise.all(list.map((rule) => view(shop, rule)));
    return { rules: views, dailyCap, spentToday, day, timeZone, waiting };
  }

  async function save(shop: string, request: SaveRuleRequest, id?: string): Promise<RuleView> {
    await requireServable(shop, request);
    await requireCapCovers(shop, request.dailyCap, { request, id });
    const rule = await ruleErrors(() => rules.store.save(shop, request, id));
    await rules.releaseWaiting(shop);
    return view(shop, rule);
  }

  return {
    overview,

    create: (shop, request) => save(shop, request),

    update: (shop, id, request) => save(shop, request, id),

    async setActive(shop, id, active) {
      const resumed = active ? await rules.store.get(shop, id) : null;
      const dailyCap = await rules.store.dailyCap(shop);
      if (resumed && dailyCap !== null) {
        refuseBelowCost(dailyCap, resumed, ruleCost(resumed, await deps.settings.get(shop)));
      }
      const rule = await ruleErrors(() => rules.store.setActive(shop, id, active));
      return view(shop, rule);
    },

    async remove(shop, id) {
      const removed = await rules.store.remove(shop, id);
      if (!removed) throw new AppError('not_found', 'rule_deleted');
    },

    async setDailyCap(shop, dailyCap) {
      await requireCapCovers(shop, dailyCap);
      await rules.store.setDailyCap(shop, dailyCap);
      // What the new cap covers goes in line now, oldest first, not at midnight.
      await rules.releaseWaiting(shop);
      return overview(shop);
    },
  };
}
