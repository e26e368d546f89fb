/**
 * POST /webhooks/productai/:shop/:token: ProductAI's webhook deliveries (job results and the
 * validation POST), one URL per shop, handed to the engine's intake
 * (src/pipeline/receive/webhook-receiver.ts), which verifies the sender, records the delivery
 * and resolves with the answer's body; its refusals (403, 404, 400) reach the one error handler.
 *
 * The body is read as text and parsed by the intake, so a malformed delivery gets a 400 that
 * says why. `req.ip` is the socket's address unless Express's `trust proxy` is configured
 * (TRUST_PROXY): only then is X-Forwarded-For believed, so nobody can claim ProductAI's address
 * by sending the header.
 */
import express from 'express';
import type { AppModule } from '../module.ts';

export const PRODUCTAI_WEBHOOK_PATH = '/webhooks/productai/:shop/:token';

export const productAiWebhooksModule: AppModule = {
  name: 'productai-webhooks',
  // The per-shop token authenticates ProductAI's deliveries: it must never reach a log.
  secretPaths: [PRODUCTAI_WEBHOOK_PATH],
  register({ public: routes }, deps) {
    // Not a feature's: all the intake records is the engine's (src/pipeline/receive).
    const receive = deps.pipeline.receiveWebhook;
    routes.post(
      PRODUCTAI_WEBHOOK_PATH,
      express.text({ type: () => true, limit: '64kb' }),
      async (req, res) => {
        const params = req.params as { shop: string; token: string };
        const receipt = await receive({
          shop: params.shop,
          token: params.token,
          sourceIp: req.ip,
          body: typeof req.body === 'string' ? req.body : '',
        });
        res.status(200).json(receipt);
      },
    );
  },
};
