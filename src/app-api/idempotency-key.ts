/**
 * The `Idempotency-Key` a client sends with each click that creates generations (contract.ts
 * `IdempotencyKey`): a new random one per click, and the same one when the click's request is
 * sent again after no answer or a gateway's (502, 503, 504), so the click makes one generation
 * whatever happened to the first answer. Dependency-free: the app home and the extensions
 * bundle it as is.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Statuses a gateway answers when the app may or may not have done the work. */
export const GATEWAY_STATUSES: readonly number[] = [502, 503, 504];

/** A random key for one click (a UUID where the browser offers it; any context has getRandomValues). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A click's request, sent once more with the same key when no answer or a gateway's came back
 * (the key makes it safe); without a key, sent once. Throws what a failed last send throws.
 */
export async function sendWithResend(
  send: () => Promise<Response>,
  idempotencyKey: string | undefined,
): Promise<Response> {
  const first = await send().catch((error: unknown) => {
    if (!idempotencyKey) throw error;
    return null;
  });
  if (first && !(idempotencyKey && GATEWAY_STATUSES.includes(first.status))) return first;
  await first?.body?.cancel();
  return send();
}
