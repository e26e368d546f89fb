/**
 * The earlier interface, /v1 without /api: Bearer authentication, bare objects, and (not shown
 * in the spec, chosen here) errors as `{ error: { code, message } }` like its failed jobs, with
 * 404 for an asset or job that does not exist or belongs to another account. It shares the
 * accounts, assets and jobs of the current interface.
 */
import type { Account } from '../accounts.ts';
import { ASSET_STATUSES } from '../assets.ts';
import { authenticateBearer } from '../auth.ts';
import { BodyError, readJson } from '../http/body.ts';
import type { RequestContext } from '../http/context.ts';
import { replyEmpty, replyJson } from '../http/context.ts';
import { isMultipart } from '../http/multipart.ts';
import type { Router } from '../http/router.ts';
import { earlierError, type EarlierErrorCode } from '../errors.ts';
import { ImageInputError, type InputImage } from '../images/inspect.ts';
import { readUpload } from '../images/upload.ts';
import type { EmulatorState } from '../state.ts';
import {
  assetCreated,
  assetDetail,
  assetSummary,
  EARLIER_STATUS,
  earlierJob,
  earlierJobListItem,
} from '../views.ts';

type Authed = (ctx: RequestContext, account: Account) => Promise<void> | void;

const JOB_STATUSES = Object.values(EARLIER_STATUS);
const MAX_PAGE = 100;
const DEFAULT_PAGE = 20;

export function addEarlierRoutes(router: Router, state: EmulatorState): void {
  const authed =
    (handler: Authed) =>
    (ctx: RequestContext): Promise<void> | void => {
      const auth = authenticateBearer(ctx.req, state.accounts);
      if (auth.ok) return handler(ctx, auth.account);
      if (auth.status === 401) {
        return fail(
          ctx,
          401,
          'missing_api_key',
          'Authorization header with a Bearer API key is required',
        );
      }
      return fail(ctx, 403, 'invalid_api_key', 'Invalid or inactive API key');
    };
  const cdn = state.cdnUrl;

  router.add(
    'POST',
    '/v1/training-asset',
    authed(async (ctx, account) => {
      const input = await readAssetInput(ctx, state);
      if (!input) return;
      const asset = await state.assets.create(account.key, input.image, input.name, input.tags);
      replyJson(ctx, 201, assetCreated(asset, cdn));
    }),
  );

  router.add(
    'GET',
    '/v1/my-uploaded-assets',
    authed((ctx, account) => {
      const list = readListQuery(ctx, ASSET_STATUSES);
      if (!list) return;
      const { page, status } = list;
      const tags = (ctx.url.searchParams.get('tags') ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      const matching = state.assets
        .list(account.key)
        .filter((a) => status === null || a.status === status)
        .filter((a) => tags.every((tag) => a.tags.includes(tag)));
      replyJson(ctx, 200, {
        assets: matching
          .slice(page.offset, page.offset + page.limit)
          .map((a) => assetSummary(a, cdn)),
        ...pageInfo(matching.length, page),
      });
    }),
  );

  const ownAsset = (ctx: RequestContext, account: Account) => {
    const raw = ctx.params.id ?? '';
    const asset = /^\d+$/.test(raw) ? state.assets.get(Number(raw)) : undefined;
    if (asset && asset.accountKey === account.key) return asset;
    fail(ctx, 404, 'not_found', `No asset with id ${raw}`);
    return undefined;
  };

  router.add(
    'GET',
    '/v1/assets/:id',
    authed((ctx, account) => {
      const asset = ownAsset(ctx, account);
      if (asset) replyJson(ctx, 200, assetDetail(asset, cdn));
    }),
  );

  router.add(
    'DELETE',
    '/v1/assets/:id',
    authed(async (ctx, account) => {
      const asset = ownAsset(ctx, account);
      if (!asset) return;
      await state.assets.delete(asset);
      replyEmpty(ctx, 204);
    }),
  );

  router.add(
    'GET',
    '/v1/jobs/:id',
    authed((ctx, account) => {
      const raw = ctx.params.id ?? '';
      const job = state.jobs.ownedBy(account.key, raw);
      if (!job) return fail(ctx, 404, 'not_found', `No job with id ${raw}`);
      const at = state.clock.now();
      const view = earlierJob(job, at);
      const { progress } = view as { progress?: number };
      job.reads.push({ at, api: 'earlier', status: job.status, progress: progress ?? null });
      replyJson(ctx, 200, view);
    }),
  );

  router.add(
    'GET',
    '/v1/jobs',
    authed((ctx, account) => {
      const list = readListQuery(ctx, JOB_STATUSES);
      if (!list) return;
      const { page, status } = list;
      const matching = state.jobs
        .list(account.key)
        .filter((job) => status === null || EARLIER_STATUS[job.status] === status);
      replyJson(ctx, 200, {
        jobs: matching.slice(page.offset, page.offset + page.limit).map(earlierJobListItem),
        ...pageInfo(matching.length, page),
      });
    }),
  );
}

function fail(ctx: RequestContext, status: number, code: EarlierErrorCode, message: string): void {
  replyJson(ctx, status, earlierError(code, message));
}

interface Page {
  limit: number;
  offset: number;
}

/**
 * A list's query: limit 1-100 (default 20), offset ≥ 0 (default 0) and an optional `status`,
 * one of `statuses`. Anything else is answered with a 400, and the result is null.
 */
function readListQuery<S extends string>(
  ctx: RequestContext,
  statuses: readonly S[],
): { page: Page; status: S | null } | null {
  const query = ctx.url.searchParams;
  const limit = query.get('limit') ?? String(DEFAULT_PAGE);
  const offset = query.get('offset') ?? '0';
  const status = query.get('status');
  if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_PAGE) {
    fail(ctx, 400, 'invalid_request', `limit must be an integer from 1 to ${MAX_PAGE}`);
    return null;
  }
  if (!/^\d+$/.test(offset)) {
    fail(ctx, 400, 'invalid_request', 'offset must be a non-negative integer');
    return null;
  }
  if (status !== null && !statuses.includes(status as S)) {
    fail(ctx, 400, 'invalid_request', `status must be one of: ${statuses.join(', ')}`);
    return null;
  }
  return { page: { limit: Number(limit), offset: Number(offset) }, status: status as S | null };
}

function pageInfo(total: number, page: Page) {
  return {
    total,
    limit: page.limit,
    offset: page.offset,
    has_more: page.offset + page.limit < total,
  };
}

interface AssetInput {
  image: InputImage;
  name: string;
  tags: string[];
}

/** A training-asset request's image (file or URL), name and tags; answers the 400 itself. */
async function readAssetInput(
  ctx: RequestContext,
  state: EmulatorState,
): Promise<AssetInput | null> {
  const refuse = (code: EarlierErrorCode, message: string) => {
    fail(ctx, 400, code, message);
    return null;
  };
  try {
    let image: InputImage | null = null;
    let filename = '';
    let url: unknown;
    let name: unknown;
    let tags: unknown;
    if (isMultipart(ctx.req)) {
      const upload = await readUpload(ctx.req);
      image = upload.image;
      filename = upload.filename;
      const field = (key: string) => upload.fields.find((f) => f.name === key)?.value;
      url = field('url');
      name = field('name');
      tags = upload.fields
        .filter((f) => f.name === 'tags[]' || f.name === 'tags')
        .map((f) => f.value);
    } else {
      const body = await readJson(ctx.req);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return refuse('invalid_request', 'The request body must be a JSON object');
      }
      ({ url, name, tags } = body as Record<string, unknown>);
    }
    if (image && url !== undefined)
      return refuse('invalid_request', 'Send either file or url, not both');
    if (!image && url === undefined) return refuse('invalid_request', 'file or url is required');
    if (name !== undefined && typeof name !== 'string')
      return refuse('invalid_request', 'name must be a string');
    if (tags !== undefined && (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string'))) {
      return refuse('invalid_request', 'tags must be an array of strings');
    }
    if (!image) {
      if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) {
        return refuse('invalid_request', 'url must be an http(s) URL');
      }
      image = await state.imageSource(url);
      filename = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    }
    return {
      image,
      name: (name as string | undefined)?.trim() || filename || 'asset',
      tags: ((tags as string[] | undefined) ?? []).map((t) => t.trim()).filter(Boolean),
    };
  } catch (error) {
    if (error instanceof ImageInputError)
      return refuse('invalid_image', `${error.message}: ${error.details}`);
    if (error instanceof BodyError) return refuse('invalid_request', error.message);
    throw error;
  }
}
