/**
 * ProductAI webhook deliveries: parsing the two payloads (a job result, and the validation POST
 * sent when a webhook URL is saved) and checking the source address. Deliveries are not signed
 * (spec), so the published source addresses are the only authentication there is.
 */

/** The service's published webhook source addresses; deliveries come from either. */
export const PRODUCTAI_WEBHOOK_SOURCES: readonly string[] = ['54.88.136.216', '54.84.188.199'];

export type WebhookPayload =
  | {
      type: 'result';
      status: 'success' | 'error';
      /** The job id (sent as decimal text). */
      jobId: number;
      /** The result file; present exactly when status is `success`. */
      imageUrl?: string;
    }
  | { type: 'validation'; message: string };

export class WebhookPayloadError extends Error {
  override readonly name = 'WebhookPayloadError';
}

/**
 * Parses a delivery body (the JSON text or the already-parsed value). Throws
 * `WebhookPayloadError` saying what is wrong when it is neither payload.
 */
export function parseWebhookPayload(body: unknown): WebhookPayload {
  const value = typeof body === 'string' ? parseJson(body) : body;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WebhookPayloadError('Webhook payload must be a JSON object');
  }
  const fields = value as Record<string, unknown>;
  if (fields.test === true) {
    return {
      type: 'validation',
      message: typeof fields.message === 'string' ? fields.message : '',
    };
  }
  const { status } = fields;
  if (status !== 'success' && status !== 'error') {
    throw new WebhookPayloadError(
      `Webhook status must be "success" or "error", got ${JSON.stringify(status)}`,
    );
  }
  const jobId = readJobId(fields.job_id);
  if (status === 'error') return { type: 'result', status, jobId };
  const imageUrl = fields.image_url;
  if (typeof imageUrl !== 'string' || !isHttpUrl(imageUrl)) {
    throw new WebhookPayloadError('A success webhook must carry image_url, an http(s) URL');
  }
  return { type: 'result', status, jobId, imageUrl };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WebhookPayloadError('Webhook payload is not valid JSON');
  }
}

/** `job_id` is decimal text per the spec; a JSON integer is accepted too. */
function readJobId(value: unknown): number {
  const id =
    typeof value === 'string' && /^\d+$/.test(value)
      ? Number(value)
      : typeof value === 'number'
        ? value
        : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new WebhookPayloadError(
      `Webhook job_id must be a positive integer in decimal text, got ${JSON.stringify(value)}`,
    );
  }
  return id;
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Whether a request's source address is on the allowlist. IPv4 addresses seen through an IPv6
 * socket (`::ffff:54.88.136.216`) count as their IPv4 form; comparison ignores case.
 */
export function isAllowedWebhookSource(
  ip: string | undefined,
  allowlist: readonly string[] = PRODUCTAI_WEBHOOK_SOURCES,
): boolean {
  if (!ip) return false;
  const address = normalizeAddress(ip);
  return allowlist.some((allowed) => normalizeAddress(allowed) === address);
}

function normalizeAddress(ip: string): string {
  const lower = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  return mapped ? mapped[1]! : lower;
}
