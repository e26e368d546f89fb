/**
 * The ProductAI client: `createProductAiClient` gives one object with every endpoint of both
 * interfaces and `waitForJob`. This file holds the current interface (`/v1/api`, `x-api-key`,
 * `{status: 'OK', data}` envelope); the earlier one is in legacy-client.ts.
 *
 * Every request is checked against the catalogue before it leaves, so a request the service
 * would refuse costs no round trip and can never be charged.
 */
import type { GenerateImageRequest, GenerateVideoRequest, UpscaleRequest } from './catalogue.ts';
import {
  createTransport,
  type CallOptions,
  type Transport,
  type TransportOptions,
} from './http.ts';
import { createLegacyApi, type LegacyApi } from './legacy-client.ts';
import { checkInput, filePart, readResponse } from './payloads.ts';
import {
  envelope,
  JobIdSchema,
  JobSchema,
  KeyCheckSchema,
  REQUEST_SCHEMAS,
  UploadedAssetSchema,
  UploadFileSchema,
  type Job,
  type UploadedAsset,
  type UploadFile,
} from './schemas.ts';
import { waitForJob, type PollCadence, type WaitForJobOptions } from './wait-for-job.ts';

/** The real service. */
export const PRODUCTAI_BASE_URL = 'https://api.productai.photo';

export interface ProductAiClientOptions extends Omit<TransportOptions, 'baseUrl'> {
  apiKey: string;
  /** Defaults to the real service; the emulator, a proxy or a test server go here. */
  baseUrl?: string;
  /** Replaceable for tests: `waitForJob`'s polling cadence by job kind. */
  pollCadence?: Partial<Record<WaitForJobOptions['kind'], PollCadence>>;
  /** Replaceable for tests: the clock `waitForJob` measures its deadline with. */
  now?: () => number;
}

export interface CurrentApi {
  /** POST /v1/api/generate: starts an image job; credits are charged now. */
  generate(request: GenerateImageRequest, options?: CallOptions): Promise<Job>;
  /** POST /v1/api/generate-video: starts a video job; billed per second of output. */
  generateVideo(request: GenerateVideoRequest, options?: CallOptions): Promise<Job>;
  /** POST /v1/api/upscale: starts an upscale job (20 credits). */
  upscale(request: UpscaleRequest, options?: CallOptions): Promise<Job>;
  /** POST /v1/api/upload-asset: hosts an image that is not public; returns its URL. */
  uploadAsset(input: UploadFile, options?: CallOptions): Promise<UploadedAsset>;
  /** GET /v1/api/job/{id}; a job of another account or no job is `job_not_found`. */
  getJob(id: number, options?: CallOptions): Promise<Job>;
  /** GET /v1/api/key-check: resolves when the key is valid, throws `missing_key`/`invalid_key`. */
  keyCheck(options?: CallOptions): Promise<void>;
}

export interface ProductAiClient extends CurrentApi, LegacyApi {
  /** Polls a job until COMPLETED or ERROR (see wait-for-job.ts). */
  waitForJob(id: number, options: WaitForJobOptions): Promise<Job>;
}

export function createProductAiClient(options: ProductAiClientOptions): ProductAiClient {
  const transport = createTransport({ ...options, baseUrl: options.baseUrl ?? PRODUCTAI_BASE_URL });
  const current = createCurrentApi(transport, options.apiKey);
  return {
    ...current,
    ...createLegacyApi(transport, options.apiKey),
    waitForJob: (id, waitOptions) =>
      waitForJob(current.getJob, id, waitOptions, {
        sleep: options.sleep,
        now: options.now,
        cadence: options.pollCadence,
      }),
  };
}

function createCurrentApi(transport: Transport, apiKey: string): CurrentApi {
  // An empty key sends no header at all, which the service answers with 401.
  const headers: Record<string, string> = apiKey ? { 'x-api-key': apiKey } : {};

  async function submit(
    path: string,
    kind: keyof typeof REQUEST_SCHEMAS,
    request: unknown,
    call?: CallOptions,
  ): Promise<Job> {
    const label = `POST ${path}`;
    const json = checkInput(REQUEST_SCHEMAS[kind], request, label);
    const { body } = await transport.send({ method: 'POST', path, headers, json, call });
    return readResponse(envelope(JobSchema), body, label);
  }

  return {
    generate: (request, call) => submit('/v1/api/generate', 'image', request, call),
    generateVideo: (request, call) => submit('/v1/api/generate-video', 'video', request, call),
    upscale: (request, call) => submit('/v1/api/upscale', 'upscale', request, call),

    async uploadAsset(input, call) {
      const label = 'POST /v1/api/upload-asset';
      const { file, filename, contentType } = checkInput(UploadFileSchema, input, label);
      const form = new FormData();
      form.append('file', filePart(file, filename, contentType), filename);
      const { body } = await transport.send({
        method: 'POST',
        path: '/v1/api/upload-asset',
        headers,
        form,
        call,
      });
      return readResponse(envelope(UploadedAssetSchema), body, label);
    },

    async getJob(id, call) {
      const path = `/v1/api/job/${checkInput(JobIdSchema, id, 'GET /v1/api/job/{id}')}`;
      const { body } = await transport.send({ method: 'GET', path, headers, jobRead: true, call });
      return readResponse(envelope(JobSchema), body, `GET ${path}`);
    },

    async keyCheck(call) {
      const path = '/v1/api/key-check';
      const { body } = await transport.send({ method: 'GET', path, headers, call });
      readResponse(KeyCheckSchema, body, `GET ${path}`);
    },
  };
}
