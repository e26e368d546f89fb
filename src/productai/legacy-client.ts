/**
 * The earlier ProductAI interface (`/v1`, `Authorization: Bearer`, bare objects): the asset
 * library and the job list. List endpoints also come as async iterators that page through
 * everything, a page of 100 (the maximum) at a time.
 */
import type { z } from 'zod';
import type { CallOptions, Transport } from './http.ts';
import { checkInput, filePart, readResponse } from './payloads.ts';
import {
  AssetListQuerySchema,
  AssetListSchema,
  AssetSchema,
  JobListQuerySchema,
  LegacyIdSchema,
  LegacyJobListSchema,
  LegacyJobSchema,
  TrainingAssetInputSchema,
  type Asset,
  type AssetList,
  type AssetListQuery,
  type AssetSummary,
  type JobListQuery,
  type LegacyJob,
  type LegacyJobList,
  type LegacyJobSummary,
  type TrainingAssetInput,
} from './schemas.ts';

export interface LegacyApi {
  /** POST /v1/training-asset: a file (multipart) or a URL import (JSON); 201 with the asset. */
  createTrainingAsset(input: TrainingAssetInput, options?: CallOptions): Promise<Asset>;
  /** GET /v1/my-uploaded-assets: one page. */
  listAssets(query?: AssetListQuery, options?: CallOptions): Promise<AssetList>;
  /** Every asset matching `query`, from `query.offset` on, fetched page by page as consumed. */
  iterateAssets(query?: AssetListQuery, options?: CallOptions): AsyncGenerator<AssetSummary>;
  /** GET /v1/assets/{id}; an unknown id is `not_found`. */
  getAsset(id: string, options?: CallOptions): Promise<Asset>;
  /** DELETE /v1/assets/{id} (204). */
  deleteAsset(id: string, options?: CallOptions): Promise<void>;
  /** GET /v1/jobs/{id}; an unknown id is `job_not_found`. */
  getLegacyJob(id: string, options?: CallOptions): Promise<LegacyJob>;
  /** GET /v1/jobs: one page. */
  listJobs(query?: JobListQuery, options?: CallOptions): Promise<LegacyJobList>;
  /** Every job matching `query`, page by page as consumed. */
  iterateJobs(query?: JobListQuery, options?: CallOptions): AsyncGenerator<LegacyJobSummary>;
}

/** The largest page the list endpoints serve; iterators use it to make the fewest calls. */
export const MAX_PAGE_SIZE = 100;

interface Page<T> {
  items: T[];
  has_more: boolean;
}

/**
 * Walks offset pages from `query.offset` on, each of `query.limit` items (default the largest
 * page), until the service says there are no more (or a page comes back empty).
 */
async function* everyItem<Q extends { offset?: number; limit?: number }, T>(
  query: Q,
  fetchPage: (pageQuery: Q) => Promise<Page<T>>,
): AsyncGenerator<T> {
  for (let offset = query.offset ?? 0; ;) {
    const page = await fetchPage({ ...query, offset, limit: query.limit ?? MAX_PAGE_SIZE });
    yield* page.items;
    if (!page.has_more || page.items.length === 0) return;
    offset += page.items.length;
  }
}

export function createLegacyApi(transport: Transport, apiKey: string): LegacyApi {
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};

  function idPath(prefix: string, id: string, method: string): string {
    return `${prefix}/${encodeURIComponent(checkInput(LegacyIdSchema, id, `${method} ${prefix}/{id}`))}`;
  }

  async function get<T extends z.ZodType>(
    path: string,
    schema: T,
    extra: { query?: Record<string, string | number | undefined>; jobRead?: boolean },
    call?: CallOptions,
  ): Promise<z.output<T>> {
    const { body } = await transport.send({ method: 'GET', path, headers, ...extra, call });
    return readResponse(schema, body, `GET ${path}`);
  }

  const api: LegacyApi = {
    async createTrainingAsset(input, call) {
      const path = '/v1/training-asset';
      const label = `POST ${path}`;
      const { file, filename, contentType, url, name, tags } = checkInput(
        TrainingAssetInputSchema,
        input,
        label,
      );
      let body: unknown;
      if (file !== undefined) {
        const form = new FormData();
        const partName = filename ?? 'upload';
        form.append('file', filePart(file, partName, contentType), partName);
        if (name !== undefined) form.append('name', name);
        for (const tag of tags ?? []) form.append('tags[]', tag);
        ({ body } = await transport.send({ method: 'POST', path, headers, form, call }));
      } else {
        const json = { url, name, tags };
        ({ body } = await transport.send({ method: 'POST', path, headers, json, call }));
      }
      return readResponse(AssetSchema, body, label);
    },

    async listAssets(query = {}, call) {
      const path = '/v1/my-uploaded-assets';
      const { limit, offset, status, tags } = checkInput(
        AssetListQuerySchema,
        query,
        `GET ${path}`,
      );
      const params = { limit, offset, status, tags: tags?.join(',') };
      return get(path, AssetListSchema, { query: params }, call);
    },

    iterateAssets(query = {}, call) {
      return everyItem(query, async (pageQuery) => {
        const page = await api.listAssets(pageQuery, call);
        return { items: page.assets, has_more: page.has_more };
      });
    },

    getAsset: (id, call) => get(idPath('/v1/assets', id, 'GET'), AssetSchema, {}, call),

    async deleteAsset(id, call) {
      const path = idPath('/v1/assets', id, 'DELETE');
      await transport.send({ method: 'DELETE', path, headers, call });
    },

    getLegacyJob: (id, call) =>
      get(idPath('/v1/jobs', id, 'GET'), LegacyJobSchema, { jobRead: true }, call),

    async listJobs(query = {}, call) {
      const path = '/v1/jobs';
      const params = checkInput(JobListQuerySchema, query, `GET ${path}`);
      return get(path, LegacyJobListSchema, { query: params }, call);
    },

    iterateJobs(query = {}, call) {
      return everyItem(query, async (pageQuery) => {
        const page = await api.listJobs(pageQuery, call);
        return { items: page.jobs, has_more: page.has_more };
      });
    },
  };
  return api;
}
