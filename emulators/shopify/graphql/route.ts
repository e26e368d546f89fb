/**
 * `POST /admin/api/<version>/graphql.json`: the Admin GraphQL endpoint of a shop. The access
 * token goes in `X-Shopify-Access-Token`; a missing, unknown, expired or revoked one is a 401
 * with Shopify's body. Only the pinned version is served: asking for another fails loudly.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { ADMIN_API_VERSION } from '../../../src/shopify/api-version.ts';
import type { EmulatorContext } from '../emulator-context.ts';
import { shopDomainOf } from '../http/shop-from-request.ts';
import type { ResolverMap } from '../resolvers/resolver-types.ts';
import { runAdminOperation, type GraphqlRequest } from './executor.ts';

export const INVALID_TOKEN_BODY = {
  errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
};

function graphqlBody(req: Request): GraphqlRequest {
  if (typeof req.body === 'string') return { query: req.body };
  return (req.body ?? {}) as GraphqlRequest;
}

export function graphqlRouter(emu: EmulatorContext, resolvers: ResolverMap): Router {
  const router = express.Router();
  router.post(
    '/admin/api/:version/graphql.json',
    express.json({ limit: '10mb' }),
    express.text({ type: 'application/graphql', limit: '10mb' }),
    async (req: Request, res: Response) => {
      res.set('X-Request-Id', randomUUID());
      const domain = shopDomainOf(req);
      const shop = domain ? emu.store.shop(domain) : undefined;
      if (!domain || !shop) {
        res.status(404).json({ errors: 'Not Found' });
        return;
      }
      const token = req.get('X-Shopify-Access-Token');
      if (!token || !shop.installed || !emu.tokens.isValidAccessToken(token, domain)) {
        res.status(401).json(INVALID_TOKEN_BODY);
        return;
      }
      if (req.params['version'] !== ADMIN_API_VERSION) {
        res.status(404).json({
          errors: `The Shopify emulator serves Admin API ${ADMIN_API_VERSION} only (asked for ${String(req.params['version'])})`,
        });
        return;
      }
      const outage = emu.faults.outage;
      if (outage) {
        emu.faults.outageCalls += 1;
        if ('reset' in outage) req.socket.destroy();
        else res.status(outage.status).json({ errors: 'Service Unavailable' });
        return;
      }
      if (emu.faults.take('serverError', shop.domain)) {
        res.status(emu.faults.serverErrorStatus).json({ errors: 'Internal Server Error' });
        return;
      }
      res.set('X-Shopify-API-Version', ADMIN_API_VERSION);
      const result = await runAdminOperation(
        { emu, resolvers },
        shop,
        `${domain}:${emu.options.apiKey}`,
        graphqlBody(req),
      );
      // The bucket was charged on arrival; the answer takes the configured time to come back.
      await emu.clock.sleep(emu.options.graphqlLatencyMs);
      res.json(result);
    },
  );
  return router;
}
