/**
 * Rules for new products (contract: src/app-api/rules.ts), Settings → Automatic photos:
 *
 *   GET    /api/rules               -> RulesOverview (rules with their last results, the cap)
 *   POST   /api/rules               SaveRuleRequest -> RuleView (201)
 *   PUT    /api/rules/:id           SaveRuleRequest -> RuleView
 *   PATCH  /api/rules/:id           { active } -> RuleView (pause / resume)
 *   DELETE /api/rules/:id           -> 204
 *   PUT    /api/rules-cap           { dailyCap } -> RulesOverview
 *
 * A rule ProductAI could never serve (a model that refuses the images it would send, a prompt
 * too long for the model) is refused at saving, per field, rather than failing on every product;
 * so is one that follows a preset the shop no longer has (rule-prompt.ts: which prompt is sent).
 */
import {
  SaveRuleRequest,
  SetActiveRequest,
  SetDailyCapRequest,
  type Rule,
  type RuleResult,
  type RuleView,
  type RulesOverview,
} from '../../../src/app-api/rules.ts';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { rulePrompt } from '../../../src/pipeline/rules/rule-prompt.ts';
import {
  completeParams,
  referenceImageRange,
  requestProblems,
} from '../../../src/pipeline/sources/request-rules.ts';
import { RuleNotFoundError, TooManyRulesError } from '../../../src/stores/rule-store.ts';
import type { App } from '../../../src/app/index.ts';
import { AppError, invalidFields } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { idParam, parse, route } from './api-support.ts';

/**
 * How many paused generations the overview reads to count those waiting for the cap: a bound
 * on one request's work. A shop with more waiting sees "1000+"-like floors, never a slow page.
 */
const WAITING_SCAN_LIMIT = 1000;

const CAP_REQUIRED = 'Set a daily credit cap: automatic photos never spend more than it a day.';

/** A rule error in the merchant's words; anything else goes on to `route`'s mapping. */
async function ruleErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RuleNotFoundError) {
      throw new AppError('not_found', 'not_found', 'This rule no longer exists. Reload the page.');
    }
    if (error instanceof TooManyRulesError) {
      throw new AppError('conflict', 'too_many_rules', error.message);
    }
    throw error;
  }
}

/** The request, with the cap's own message when it is missing (zod's would say "Required"). */
function parseRule(body: unknown): SaveRuleRequest {
  const dailyCap = (body as { dailyCap?: unknown } | null)?.dailyCap;
  if (dailyCap === undefined || dailyCap === null || dailyCap === '') {
    throw new AppError('invalid', 'daily_cap_required', CAP_REQUIRED, {
      fields: { dailyCap: CAP_REQUIRED },
    });
  }
  return parse(SaveRuleRequest, body);
}

const PRESET_GONE = 'This preset no longer exists. Choose another, or write the prompt.';

/**
 * Refuses a rule whose request ProductAI would refuse for a product with enough images (with the
 * prompt it would send: its preset's), or that follows a preset the shop does not have.
 */
async function requireServable(deps: App, shop: string, request: SaveRuleRequest) {
  const { defaults, presets } = await deps.settings.get(shop);
  if (request.presetId && !presets.some((preset) => preset.id === request.presetId)) {
    throw invalidFields('unknown_preset', [{ field: 'presetId', message: PRESET_GONE }]);
  }
  const prompt = rulePrompt(request, presets);
  const params = completeParams(request.kind, { ...request.params, prompt }, defaults);
  const range = referenceImageRange(request.kind, params);
  const sent = range ? Math.min(request.imagesSent, range.max) : request.imagesSent;
  const problems = requestProblems(request.kind, params, sent).map((problem) =>
    problem.field === 'sourceMediaIds' ? { ...problem, field: 'imagesSent' } : problem,
  );
  if (problems.length > 0) throw invalidFields('invalid_rule', problems);
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

export const rulesApiModule: AppModule = {
  name: 'api-rules',
  register({ api }, deps) {
    const rules = () => deps.rules;
    const generations = () => deps.pipeline.generations;

    async function view(shop: string, rule: Rule): Promise<RuleView> {
      const ids = await rules().store.recent(shop, rule.id);
      const recent = await Promise.all(ids.map((id) => generations().get(shop, id)));
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
        const ids = await generations().idsInState(shop, 'paused', 100, after);
        if (ids.length === 0) break;
        read += ids.length;
        after = ids.at(-1);
        const paused = await Promise.all(ids.map((id) => generations().get(shop, id)));
        waiting += paused.filter((g) => g?.pausedBy === 'daily-cap').length;
      }
      return waiting;
    }

    async function overview(shop: string): Promise<RulesOverview> {
      const service = rules();
      const { day, timeZone } = await service.today(shop);
      const [list, dailyCap, spentToday, waiting] = await Promise.all([
        service.store.list(shop),
        service.store.dailyCap(shop),
        service.spend.spent(shop, day),
        waitingCount(shop),
      ]);
      const views = await Promise.all(list.map((rule) => view(shop, rule)));
      return { rules: views, dailyCap, spentToday, day, timeZone, waiting };
    }

    api.get(
      '/rules',
      route(async (req, res) => {
        res.json(await overview(shopOf(req)));
      }),
    );

    api.post(
      '/rules',
      route(async (req, res) => {
        const shop = shopOf(req);
        const request = parseRule(req.body);
        await requireServable(deps, shop, request);
        const rule = await ruleErrors(() => rules().store.save(shop, request));
        res.status(201).json(await view(shop, rule));
      }),
    );

    api.put(
      '/rules/:id',
      route(async (req, res) => {
        const shop = shopOf(req);
        const request = parseRule(req.body);
        await requireServable(deps, shop, request);
        const rule = await ruleErrors(() => rules().store.save(shop, request, idParam(req)));
        res.json(await view(shop, rule));
      }),
    );

    api.patch(
      '/rules/:id',
      route(async (req, res) => {
        const shop = shopOf(req);
        const { active } = parse(SetActiveRequest, req.body);
        const rule = await ruleErrors(() => rules().store.setActive(shop, idParam(req), active));
        res.json(await view(shop, rule));
      }),
    );

    api.delete(
      '/rules/:id',
      route(async (req, res) => {
        const removed = await rules().store.remove(shopOf(req), idParam(req));
        if (!removed)
          throw new AppError('not_found', 'not_found', 'This rule was already deleted.');
        res.status(204).end();
      }),
    );

    api.put(
      '/rules-cap',
      route(async (req, res) => {
        const shop = shopOf(req);
        const { dailyCap } = parse(SetDailyCapRequest, req.body);
        await rules().store.setDailyCap(shop, dailyCap);
        res.json(await overview(shop));
      }),
    );
  },
};
