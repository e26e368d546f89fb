/**
 * Rules for new products (contract: src/app-api/rules.ts; the use cases:
 * src/features/rules/service.ts), Settings → Automatic photos:
 *
 *   GET    /api/rules               -> RulesOverview (rules with their last results, the cap)
 *   POST   /api/rules               SaveRuleRequest -> RuleView (201)
 *   PUT    /api/rules/:id           SaveRuleRequest -> RuleView
 *   PATCH  /api/rules/:id           { active } -> RuleView (pause / resume)
 *   DELETE /api/rules/:id           -> 204
 *   PUT    /api/rules-cap           { dailyCap } -> RulesOverview
 */
import { RuleId } from '../../../src/app-api/contract.ts';
import {
  SaveRuleRequest,
  SetActiveRequest,
  SetDailyCapRequest,
} from '../../../src/app-api/rules.ts';
import { AppError } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse, pathParam } from './api-support.ts';

/** The request, with the cap's own message when it is missing (zod's would say "Required"). */
function parseRule(body: unknown): SaveRuleRequest {
  const dailyCap = (body as { dailyCap?: unknown } | null)?.dailyCap;
  if (dailyCap === undefined || dailyCap === null || dailyCap === '') {
    throw new AppError('invalid', 'daily_cap_required', {
      fields: { dailyCap: { code: 'daily_cap_required' } },
    });
  }
  return parse(SaveRuleRequest, body);
}

export const rulesApiModule: AppModule = {
  name: 'api-rules',
  register({ api }, app) {
    const rules = app.features.rules;

    api.get('/rules', async (req, res) => {
      res.json(await rules.overview(shopOf(req)));
    });

    api.post('/rules', async (req, res) => {
      res.status(201).json(await rules.create(shopOf(req), parseRule(req.body)));
    });

    api.put('/rules/:id', async (req, res) => {
      const id = pathParam(req, RuleId);
      res.json(await rules.update(shopOf(req), id, parseRule(req.body)));
    });

    api.patch('/rules/:id', async (req, res) => {
      const id = pathParam(req, RuleId);
      const { active } = parse(SetActiveRequest, req.body);
      res.json(await rules.setActive(shopOf(req), id, active));
    });

    api.delete('/rules/:id', async (req, res) => {
      await rules.remove(shopOf(req), pathParam(req, RuleId));
      res.status(204).end();
    });

    api.put('/rules-cap', async (req, res) => {
      const { dailyCap } = parse(SetDailyCapRequest, req.body);
      res.json(await rules.setDailyCap(shopOf(req), dailyCap));
    });
  },
};
