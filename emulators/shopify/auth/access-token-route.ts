/**
 * `POST /admin/oauth/access_token` on a shop's domain: token exchange and the refresh grant.
 *
 * Token exchange (https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/token-exchange):
 * client_id, client_secret, grant_type=urn:ietf:params:oauth:grant-type:token-exchange,
 * subject_token (a session token signed with the client secret),
 * subject_token_type=urn:ietf:params:oauth:token-type:id_token,
 * requested_token_type=urn:shopify:params:oauth:token-type:offline-access-token, and
 * expiring=1 for an expiring offline token (with a refresh token). An invalid or expired
 * session token is a 400 `invalid_subject_token`.
 * Refresh: client_id, client_secret, grant_type=refresh_token, refresh_token; a used-up, expired
 * or revoked refresh token is a 400 `invalid_grant`.
 * Bodies may be JSON (as @shopify/shopify-api sends) or form-encoded. The reason for a refusal
 * is in the `X-Emulator-Reason` header; the body stays as terse as Shopify's.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { EmulatorContext } from '../emulator-context.ts';
import { shopDomainOf } from '../http/shop-from-request.ts';
import { verifySessionToken } from './session-token.ts';

const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
const OFFLINE_TOKEN_TYPE = 'urn:shopify:params:oauth:token-type:offline-access-token';

function refuse(res: Response, status: number, error: string, description: string, reason: string) {
  res
    .status(status)
    .set('X-Emulator-Reason', reason)
    .json({ error, error_description: description });
}

function field(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function accessTokenRouter(ctx: EmulatorContext): Router {
  const router = express.Router();
  router.post(
    '/admin/oauth/access_token',
    express.json(),
    express.urlencoded({ extended: false }),
    (req: Request, res: Response) => {
      const domain = shopDomainOf(req);
      const shop = domain ? ctx.store.shop(domain) : undefined;
      if (!domain || !shop) {
        res.status(404).json({ errors: 'Not Found' });
        return;
      }
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (
        field(body, 'client_id') !== ctx.options.apiKey ||
        field(body, 'client_secret') !== ctx.options.apiSecret
      ) {
        refuse(
          res,
          400,
          'invalid_client',
          'Client credentials are invalid',
          'client_id or client_secret does not match the app',
        );
        return;
      }
      const grantType = field(body, 'grant_type');
      if (grantType === TOKEN_EXCHANGE_GRANT) {
        exchange(ctx, domain, shop.installed, body, res);
      } else if (grantType === 'refresh_token') {
        const refreshToken = field(body, 'refresh_token');
        if (!refreshToken) {
          refuse(res, 400, 'invalid_request', 'Missing refresh_token', 'refresh_token is missing');
          return;
        }
        const outcome = ctx.tokens.refresh(refreshToken, domain);
        if (!outcome.ok) {
          refuse(res, 400, 'invalid_grant', 'Token has been expired or revoked.', outcome.reason);
          return;
        }
        res.json(outcome.grant);
      } else {
        refuse(
          res,
          400,
          'unsupported_grant_type',
          'The grant type is not supported',
          `grant_type ${grantType ?? '(missing)'} is not supported`,
        );
      }
    },
  );
  return router;
}

function exchange(
  ctx: EmulatorContext,
  domain: string,
  installed: boolean,
  body: Record<string, unknown>,
  res: Response,
): void {
  if (field(body, 'subject_token_type') !== ID_TOKEN_TYPE) {
    refuse(
      res,
      400,
      'invalid_request',
      'Invalid subject_token_type',
      `subject_token_type must be ${ID_TOKEN_TYPE}`,
    );
    return;
  }
  const requested = field(body, 'requested_token_type');
  if (requested !== OFFLINE_TOKEN_TYPE) {
    // Online tokens are real on Shopify but outside what the emulator serves: say so loudly.
    refuse(
      res,
      400,
      'invalid_request',
      'Invalid requested_token_type',
      `the emulator only issues ${OFFLINE_TOKEN_TYPE} (got ${requested ?? 'nothing'})`,
    );
    return;
  }
  const check = verifySessionToken(field(body, 'subject_token') ?? '', {
    secret: ctx.options.apiSecret,
    audience: ctx.options.apiKey,
    shop: domain,
    nowMs: ctx.clock.now(),
  });
  if (!check.ok) {
    refuse(res, 400, 'invalid_subject_token', 'Subject token is invalid', check.reason);
    return;
  }
  if (!installed) {
    refuse(
      res,
      400,
      'invalid_subject_token',
      'Subject token is invalid',
      `the app is not installed on ${domain}`,
    );
    return;
  }
  const expiring = field(body, 'expiring') === '1' || body['expiring'] === true;
  res.json(ctx.tokens.issue(domain, expiring));
}
