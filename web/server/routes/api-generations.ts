/**
 * Generation routes (the use cases: src/features/generations/service.ts):
 *
 *   POST /api/generations/estimate     CreateGenerationRequest -> Estimate
 *   POST /api/generations              CreateGenerationRequest -> CreatedGeneration (202): the first
 *                                      option; `options: N` creates N generations in one group;
 *                                      header Idempotency-Key: the same click again answers the same
 *                                      generation(s), creating nothing (contract.ts IdempotencyKey)
 *   GET  /api/generations?state=&bulkRunId=&productId=&fidelity=&cursor=&limit= -> GenerationPage
 *                                      (`fidelity`: faithful | check_it | changed, the check's verdict)
 *   GET  /api/generations/:id          -> GenerationView
 *   POST /api/generations/:id/approve | reject | undo | cancel -> GenerationView
 *   POST /api/generations/:id/retry    {mode?: 'resave' | 'new'} -> GenerationView of the NEW
 *                                      generation (202): `resave` saves the paid result again at no
 *                                      cost, `new` makes a new one at its cost (RetryGenerationRequest)
 */
import { z } from 'zod';
import {
  BulkRunId,
  CreateGenerationRequest,
  FidelityVerdict,
  GenerationId,
  GenerationState,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  RetryGenerationRequest,
  shopifyGid,
} from '../../../src/app-api/contract.ts';
import type { GenerationAction } from '../../../src/app/index.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse, pathParam } from './api-support.ts';

const ListQuery = z.object({
  state: GenerationState.optional(),
  bulkRunId: BulkRunId.optional(),
  productId: shopifyGid('Product').optional(),
  fidelity: FidelityVerdict.optional(),
  cursor: GenerationId.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

const ACTIONS: readonly GenerationAction[] = ['approve', 'reject', 'undo', 'cancel'];

export const generationsApiModule: AppModule = {
  name: 'api-generations',
  register({ api }, app) {
    const generations = app.features.generations;

    api.post('/generations/estimate', async (req, res) => {
      res.json(await generations.estimate(shopOf(req), parse(CreateGenerationRequest, req.body)));
    });

    api.post('/generations', async (req, res) => {
      const request = parse(CreateGenerationRequest, req.body);
      const header = req.get(IDEMPOTENCY_KEY_HEADER);
      const idempotencyKey = header === undefined ? undefined : parse(IdempotencyKey, header);
      res.status(202).json(await generations.create(shopOf(req), request, { idempotencyKey }));
    });

    api.get('/generations', async (req, res) => {
      res.json(await generations.list(shopOf(req), parse(ListQuery, req.query)));
    });

    api.get('/generations/:id', async (req, res) => {
      res.json(await generations.get(shopOf(req), pathParam(req, GenerationId)));
    });

    for (const action of ACTIONS) {
      api.post(`/generations/:id/${action}`, async (req, res) => {
        res.json(await generations.act(shopOf(req), pathParam(req, GenerationId), action));
      });
    }

    api.post('/generations/:id/retry', async (req, res) => {
      const { mode } = parse(RetryGenerationRequest, req.body ?? {});
      const id = pathParam(req, GenerationId);
      res.status(202).json(await generations.retry(shopOf(req), id, mode));
    });
  },
};
