/**
 * What the app's API routes (api-*.ts) share: id parameters, the settings view, and the mapping of pipeline errors to API errors (a race
 * lost to another click or to the pipeline is a 409 the merchant can read, not a 500).
 */
import type { Request, RequestHandler, Response } from 'express';
import type { ZodType } from 'zod';
import type { SettingsView } from '../../../src/app-api/contract.ts';
import { BulkRunNotFoundError, BulkRunStateError } from '../../../src/pipeline/bulk/bulk-run.ts';
import { BulkRequestError } from '../../../src/pipeline/bulk/bulk-runs.ts';
import {
  GenerationNotFoundError,
  StaleTransitionError,
} from '../../../src/pipeline/generations/generation.ts';
import { productAiWebhookUrl } from '../../../src/pipeline/index.ts';
import type { ReviewDeps } from '../../../src/pipeline/publish/index.ts';
import type { ShopSettings } from '../../../src/stores/shop-settings.ts';
import type { App } from '../../../src/app/index.ts';
import { HttpError } from '../http-error.ts';
import { shopOf } from '../plugins/session-auth.ts';

/** What the merchant's review decisions need (review-actions.ts), from the app's deps. */
export function reviewDepsFor(deps: App): ReviewDeps {
  const { pipeline } = deps;
  return {
    generations: pipeline.generations,
    admin: async (shop) => deps.admin.forShop(shop),
    enqueue: (stage, ref, options) => pipeline.context.enqueue(stage, ref, options),
    publishedResults: pipeline.context.publishedResults,
  };
}

/** A route parameter naming a Shopify resource: numeric id or (URL-encoded) gid. */
export function gidParam(value: unknown, type: 'Product' | 'Collection'): string {
  const text = String(value ?? '');
  if (/^\d+$/.test(text)) return `gid://shopify/${type}/${text}`;
  if (new RegExp(`^gid://shopify/${type}/\\d+$`).test(text)) return text;
  throw new HttpError(400, 'invalid_id', `Not a ${type.toLowerCase()} id: ${text}`);
}

/** The app's own id in the path (a generation or bulk run id). */
export function idParam(req: Request): string {
  return String(req.params.id ?? '');
}

/** Parses a request part with a contract schema (a ZodError becomes a 400 with fields). */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  return schema.parse(value ?? {});
}

export function settingsView(settings: ShopSettings, appUrl: string, shop: string): SettingsView {
  return {
    apiKey: settings.apiKey,
    defaults: settings.defaults,
    reviewMode: settings.reviewMode,
    mediaPosition: settings.mediaPosition,
    altTemplate: settings.altTemplate,
    presets: settings.presets,
    webhook: {
      url: productAiWebhookUrl(appUrl, shop, settings.webhook.token),
      connectedAt: settings.webhook.connectedAt,
    },
    paused: settings.paused,
  };
}

/** 400 with one message per field (the form shows them inline). */
export function problemsError(
  code: string,
  problems: readonly { field: string; message: string }[],
): HttpError {
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.field] ??= problem.message;
  return new HttpError(400, code, problems.map((problem) => problem.message).join(' '), { fields });
}

const STATE_WORDS: Record<string, string> = {
  approve: 'approved',
  reject: 'rejected',
  undo: 'undone',
  retry: 'retried',
  cancel: 'cancelled',
  resolve: 'resolved',
  pause: 'paused',
  resume: 'resumed',
};

/**
 * An async route whose pipeline errors become API errors; `action` names what the merchant
 * tried, for the 409 message. Anything else goes on to the app's error handler.
 */
export function route(
  handler: (req: Request, res: Response) => Promise<void>,
  action?: string,
): RequestHandler {
  return async (req, res) => {
    try {
      await handler(req, res);
    } catch (error) {
      throw toApiError(error, action);
    }
  };
}

function toApiError(error: unknown, action: string | undefined): unknown {
  const what = action ? (STATE_WORDS[action] ?? action) : 'changed';
  if (error instanceof GenerationNotFoundError || error instanceof BulkRunNotFoundError) {
    return new HttpError(404, 'not_found', 'It no longer exists in this shop.');
  }
  if (error instanceof StaleTransitionError) {
    const state = error.current.replace('_', ' ');
    return new HttpError(
      409,
      'invalid_state',
      `This generation is ${state} now, so it cannot be ${what}.`,
    );
  }
  if (error instanceof BulkRunStateError) {
    return new HttpError(
      409,
      'invalid_state',
      `This bulk run is ${error.current}, so it cannot be ${what}.`,
    );
  }
  if (error instanceof BulkRequestError) return problemsError('invalid_bulk_run', error.problems);
  return error;
}

/**
 * A POST that starts paid work (a bulk run, a campaign): the parsed request and the shop's
 * default options go to `start` once the shop has a usable key; the answer is 202 with the view
 * of what started (it goes on in the background).
 */
export function startRoute<R, T>(
  deps: Pick<App, 'settings'>,
  schema: ZodType<R>,
  start: (shop: string, request: R, defaults: ShopSettings['defaults']) => Promise<T>,
  view: (started: T) => Promise<unknown>,
): RequestHandler {
  return route(async (req, res) => {
    const shop = shopOf(req);
    const request = parse(schema, req.body);
    const settings = await deps.settings.get(shop);
    requireUsableKey(settings);
    res.status(202).json(await view(await start(shop, request, settings.defaults)));
  });
}

/** Refuses work that cannot be sent: the shop has no usable ProductAI key. */
export function requireUsableKey(settings: ShopSettings): void {
  if (settings.apiKey.state === 'missing') {
    throw new HttpError(400, 'api_key_missing', 'Save your ProductAI API key in Settings first.');
  }
  if (settings.apiKey.state === 'invalid') {
    throw new HttpError(
      400,
      'api_key_invalid',
      'ProductAI rejected your API key. Save a new key from the API access page in Settings.',
    );
  }
}
