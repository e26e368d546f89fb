/**
 * zod schemas for every ProductAI request and response, and the types the client returns.
 *
 * Request schemas delegate to the catalogue's `validateRequest`, so there is one set of rules.
 * Response schemas are tolerant where the service may grow: extra fields are dropped, and a
 * status string the client does not know is kept (with `statusKnown: false`) rather than
 * refused, so a new service state cannot crash a poller.
 */
import { z } from 'zod';
import {
  validateRequest,
  type RequestByKind,
  type RequestKind,
  type ValidationProblem,
} from './catalogue.ts';

// ---------------------------------------------------------------------------------------------
// Requests (current interface)
// ---------------------------------------------------------------------------------------------

function requestSchema<K extends RequestKind>(kind: K) {
  return z.custom<RequestByKind[K]>().superRefine((value, context) => {
    for (const problem of validateRequest(kind, value)) {
      context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
  });
}

export const GenerateImageRequestSchema = requestSchema('image');
export const GenerateVideoRequestSchema = requestSchema('video');
export const UpscaleRequestSchema = requestSchema('upscale');

export const REQUEST_SCHEMAS = {
  image: GenerateImageRequestSchema,
  video: GenerateVideoRequestSchema,
  upscale: UpscaleRequestSchema,
} as const;

/** The problems a failed request parse reports, in the catalogue's terms. */
export function problemsOf(error: z.ZodError): ValidationProblem[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : 'body',
    message: issue.message,
  }));
}

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/** An optional field the service may also send as null: both read as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => value ?? undefined);

/** A status string: one of `known`, or anything else kept as is and flagged. */
function withStatusFlag<const S extends readonly string[]>(known: S) {
  return <T extends { status: string }>(value: T) => ({
    ...value,
    status: value.status as S[number] | (string & {}),
    statusKnown: (known as readonly string[]).includes(value.status),
  });
}

const page = { total: z.number().int(), limit: z.number().int(), offset: z.number().int() };

// ---------------------------------------------------------------------------------------------
// Current interface: envelope, jobs, uploads, key check
// ---------------------------------------------------------------------------------------------

export const JOB_STATUSES = ['NOT_STARTED', 'RUNNING', 'COMPLETED', 'ERROR'] as const;
export type KnownJobStatus = (typeof JOB_STATUSES)[number];

/** `{ status: 'OK', data }`, unwrapped to `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z
    .object({ status: z.literal('OK'), data })
    .transform((value) => (value as { data: z.output<T> }).data);
}

/** A job as returned by generate, generate-video, upscale and job reads. */
export const JobSchema = z
  .object({
    id: z.number().int(),
    status: z.string(),
    prompt: optional(z.string()),
    /** Result file (image, video or upscaled image) once COMPLETED. */
    image_url: optional(z.string()),
  })
  .transform(withStatusFlag(JOB_STATUSES));
export type Job = z.output<typeof JobSchema>;

export const UploadedAssetSchema = z.object({
  id: z.number().int(),
  /** Hosted URL, usable as `image_url` in generate requests. */
  image_url: z.string(),
  mimetype: z.string(),
});
export type UploadedAsset = z.output<typeof UploadedAssetSchema>;

export const KeyCheckSchema = z.object({ status: z.literal('OK') });

// ---------------------------------------------------------------------------------------------
// Earlier interface: assets and jobs, bare objects
// ---------------------------------------------------------------------------------------------

export const ASSET_STATUSES = ['processing', 'ready', 'failed'] as const;

const assetFields = {
  asset_id: z.string(),
  name: optional(z.string()),
  status: z.string(),
  url: optional(z.string()),
  thumbnail_url: optional(z.string()),
  width: optional(z.number().int()),
  height: optional(z.number().int()),
  tags: optional(z.array(z.string())).transform((tags) => tags ?? []),
  created_at: z.string(),
};

/** An asset as listed (no `file_size`, `format`, `updated_at`). */
export const AssetSummarySchema = z.object(assetFields).transform(withStatusFlag(ASSET_STATUSES));
export type AssetSummary = z.output<typeof AssetSummarySchema>;

/** An asset as created (without `updated_at`) or read. */
export const AssetSchema = z
  .object({
    ...assetFields,
    file_size: optional(z.number().int()),
    format: optional(z.string()),
    updated_at: optional(z.string()),
  })
  .transform(withStatusFlag(ASSET_STATUSES));
export type Asset = z.output<typeof AssetSchema>;

export const AssetListSchema = z.object({
  assets: z.array(AssetSummarySchema),
  ...page,
  has_more: z.boolean(),
});
export type AssetList = z.output<typeof AssetListSchema>;

export const LEGACY_JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

export const LegacyJobSchema = z
  .object({
    job_id: z.string(),
    status: z.string(),
    progress: optional(z.number()),
    created_at: z.string(),
    started_at: optional(z.string()),
    completed_at: optional(z.string()),
    failed_at: optional(z.string()),
    model: optional(z.string()),
    num_images: optional(z.number().int()),
    images: optional(
      z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
    ),
    tokens_used: optional(z.number()),
    error: optional(z.object({ code: z.string(), message: z.string() })),
  })
  .transform(withStatusFlag(LEGACY_JOB_STATUSES));
export type LegacyJob = z.output<typeof LegacyJobSchema>;

export const LegacyJobSummarySchema = z
  .object({
    job_id: z.string(),
    status: z.string(),
    model: optional(z.string()),
    num_images: optional(z.number().int()),
    created_at: z.string(),
    completed_at: optional(z.string()),
  })
  .transform(withStatusFlag(LEGACY_JOB_STATUSES));
export type LegacyJobSummary = z.output<typeof LegacyJobSummarySchema>;

export const LegacyJobListSchema = z.object({
  jobs: z.array(LegacyJobSummarySchema),
  ...page,
  has_more: z.boolean(),
});
export type LegacyJobList = z.output<typeof LegacyJobListSchema>;

// ---------------------------------------------------------------------------------------------
// Inputs of the upload and earlier-interface calls
// ---------------------------------------------------------------------------------------------

/** File contents: a Blob (browser, `fs.openAsBlob`) or bytes (a Node Buffer is a Uint8Array). */
export type FileContent = Blob | Uint8Array;
const fileContent = z.custom<FileContent>(
  (value) => value instanceof Blob || value instanceof Uint8Array,
  'file must be a Blob or bytes',
);

export const UploadFileSchema = z.object({
  file: fileContent,
  /** Sent as the multipart file name; the service detects the type from the bytes. */
  filename: z.string().min(1),
  /** Content type of the part; defaults to the Blob's type or one guessed from `filename`. */
  contentType: z.string().optional(),
});
export type UploadFile = z.input<typeof UploadFileSchema>;

export const TrainingAssetInputSchema = z
  .object({
    file: fileContent.optional(),
    filename: z.string().min(1).optional(),
    contentType: z.string().optional(),
    /** URL of an image to import, instead of a file. */
    url: z.url({ protocol: /^https?$/ }).optional(),
    name: z.string().optional(),
    tags: z.array(z.string().min(1)).optional(),
  })
  .refine((input) => (input.file === undefined) !== (input.url === undefined), {
    message: 'Give exactly one of file or url',
    path: ['file'],
  });
export type TrainingAssetInput = z.input<typeof TrainingAssetInputSchema>;

const pageQuery = {
  /** Page size, 1 to 100 (service default 20). */
  limit: z.number().int().min(1).max(100).optional(),
  /** Items skipped. */
  offset: z.number().int().min(0).optional(),
};

export const AssetListQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(ASSET_STATUSES).optional(),
  /** Sent comma-separated. */
  tags: z
    .array(
      z
        .string()
        .min(1)
        .regex(/^[^,]*$/, 'a tag cannot contain a comma'),
    )
    .optional(),
});
export type AssetListQuery = z.input<typeof AssetListQuerySchema>;

export const JobListQuerySchema = z.object({
  ...pageQuery,
  /** Allowed values are not published; passed through as is. */
  status: z.string().min(1).optional(),
});
export type JobListQuery = z.input<typeof JobListQuerySchema>;

/** A current-interface job id: the positive integer `data.id` of a submission. */
export const JobIdSchema = z.number().int().positive();
/** An earlier-interface id (asset or job): opaque, non-empty text. */
export const LegacyIdSchema = z.string().min(1);
