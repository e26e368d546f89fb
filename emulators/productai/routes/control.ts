/**
 * The control surface under /__emulator/: what the service's studio web page does (accounts,
 * credits, the webhook URL and its validation POST) plus test helpers (fault injection, the
 * jobs and webhook-attempt logs). No authentication: it only listens on 127.0.0.1.
 */
import type { Account } from '../accounts.ts';
import { LIMITED_READ_RETRY_S } from '../faults.ts';
import { BodyError, readJson } from '../http/body.ts';
import type { RequestContext } from '../http/context.ts';
import { replyJson } from '../http/context.ts';
import type { Router } from '../http/router.ts';
import { parseChangeOrder } from '../product-changes.ts';
import type { EmulatorState } from '../state.ts';

export function addControlRoutes(router: Router, state: EmulatorState): void {
  const withAccount =
    (handler: (ctx: RequestContext, account: Account) => Promise<void> | void) =>
    (ctx: RequestContext) => {
      const account = state.accounts.get(ctx.params.key ?? '');
      if (!account) return replyJson(ctx, 404, { error: `No account with key ${ctx.params.key}` });
      return handler(ctx, account);
    };

  router.add('POST', '/__emulator/accounts', async (ctx) => {
    const body = await jsonObject(ctx);
    if (!body) return;
    if (typeof body.key !== 'string' || body.key.trim() === '') {
      return replyJson(ctx, 400, { error: 'key must be a non-empty string' });
    }
    if (!isCredits(body.credits))
      return replyJson(ctx, 400, { error: 'credits must be a non-negative integer' });
    if (state.accounts.get(body.key))
      return replyJson(ctx, 409, { error: `Account ${body.key} exists` });
    const created = state.accounts.create(
      body.key,
      body.credits,
      new Date(state.clock.now()).toISOString(),
    );
    replyJson(ctx, 201, created);
  });

  router.add(
    'GET',
    '/__emulator/accounts/:key',
    withAccount((ctx, account) => replyJson(ctx, 200, account)),
  );

  router.add(
    'PATCH',
    '/__emulator/accounts/:key',
    withAccount(async (ctx, account) => {
      const body = await jsonObject(ctx);
      if (!body) return;
      if (body.active !== undefined && typeof body.active !== 'boolean') {
        return replyJson(ctx, 400, { error: 'active must be a boolean' });
      }
      if (body.credits !== undefined && !isCredits(body.credits)) {
        return replyJson(ctx, 400, { error: 'credits must be a non-negative integer' });
      }
      if (typeof body.active === 'boolean') account.active = body.active;
      if (isCredits(body.credits)) account.credits = body.credits;
      replyJson(ctx, 200, account);
    }),
  );

  router.add(
    'PUT',
    '/__emulator/accounts/:key/webhook',
    withAccount(async (ctx, account) => {
      const body = await jsonObject(ctx);
      if (!body) return;
      const result = await saveWebhookUrl(state, account, body.url);
      replyJson(ctx, result.ok ? 200 : 400, result.ok ? result.body : { error: result.error });
    }),
  );

  router.add(
    'POST',
    '/__emulator/accounts/:key/changes',
    withAccount(async (ctx, account) => {
      const body = await jsonObject(ctx);
      if (!body) return;
      const parsed = parseChangeOrder(body);
      if ('error' in parsed) return replyJson(ctx, 400, { error: parsed.error });
      const pending = state.changes.order(account.key, parsed.change, parsed.count);
      replyJson(ctx, 200, { pending });
    }),
  );
  router.add(
    'GET',
    '/__emulator/accounts/:key/changes',
    withAccount((ctx, account) =>
      replyJson(ctx, 200, { pending: state.changes.pending(account.key) }),
    ),
  );
  router.add(
    'DELETE',
    '/__emulator/accounts/:key/changes',
    withAccount((ctx, account) => {
      state.changes.clear(account.key);
      replyJson(ctx, 200, { pending: [] });
    }),
  );

  router.add(
    'PUT',
    '/__emulator/accounts/:key/job-reads-limited',
    withAccount(async (ctx, account) => {
      const body = await jsonObject(ctx);
      if (!body) return;
      if (typeof body.limited !== 'boolean')
        return replyJson(ctx, 400, { error: 'limited must be a boolean' });
      const retryAfterS = body.retryAfterS ?? LIMITED_READ_RETRY_S;
      if (typeof retryAfterS !== 'number' || !Number.isInteger(retryAfterS) || retryAfterS < 0)
        return replyJson(ctx, 400, { error: 'retryAfterS must be a non-negative integer' });
      state.faults.limitJobReads(account.key, body.limited, retryAfterS);
      replyJson(ctx, 200, { limited: body.limited });
    }),
  );

  router.add('GET', '/__emulator/faults', (ctx) => replyJson(ctx, 200, state.faults.current()));
  router.add('DELETE', '/__emulator/faults', (ctx) => replyJson(ctx, 200, state.faults.reset()));
  router.add('POST', '/__emulator/faults', async (ctx) => {
    const body = await jsonObject(ctx);
    if (!body) return;
    try {
      replyJson(ctx, 200, state.faults.set(body));
    } catch (error) {
      replyJson(ctx, 400, { error: (error as Error).message });
    }
  });

  router.add('GET', '/__emulator/jobs', (ctx) => {
    const key = ctx.url.searchParams.get('key') ?? undefined;
    replyJson(ctx, 200, { jobs: state.jobs.list(key) });
  });

  router.add('GET', '/__emulator/webhooks', (ctx) =>
    replyJson(ctx, 200, {
      attempts: state.webhooks.attempts(),
      pending: state.webhooks.pending(),
    }),
  );
}

export type SaveWebhookResult =
  | {
      ok: true;
      body: {
        webhookUrl: string | null;
        validation: Awaited<ReturnType<EmulatorState['webhooks']['validate']>> | null;
      };
    }
  | { ok: false; error: string };

/**
 * Saves an account's webhook URL as the studio's API access page does: an http(s) URL is saved
 * and the validation POST sent at once (its outcome is reported, the URL is kept either way);
 * null or an empty string removes the webhook.
 */
export async function saveWebhookUrl(
  state: EmulatorState,
  account: Account,
  url: unknown,
): Promise<SaveWebhookResult> {
  if (url === null || url === '') {
    account.webhookUrl = null;
    return { ok: true, body: { webhookUrl: null, validation: null } };
  }
  if (typeof url !== 'string' || !/^https?:$/.test(safeProtocol(url))) {
    return { ok: false, error: 'url must be an http(s) URL (or null to remove the webhook)' };
  }
  account.webhookUrl = url;
  const validation = await state.webhooks.validate(url);
  return { ok: true, body: { webhookUrl: url, validation } };
}

function safeProtocol(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}

function isCredits(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

async function jsonObject(ctx: RequestContext): Promise<Record<string, unknown> | null> {
  try {
    const body = await readJson(ctx.req);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      return body as Record<string, unknown>;
    }
    replyJson(ctx, 400, { error: 'the body must be a JSON object' });
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    replyJson(ctx, 400, { error: error.message });
  }
  return null;
}
