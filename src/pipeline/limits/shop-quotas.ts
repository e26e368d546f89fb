/**
 * Per-shop quotas (config `quotas`, README "Quotas"): what a shop may hold at once, so one shop
 * cannot fill Redis (it runs with `noeviction`: once full it refuses every shop's writes) or the
 * shared line. Each refusal is a 429 that names the cap and what frees it; the messages are
 * written for the merchant, and the app home translates them (locale files, `server.*`).
 *
 * The pending count is never a counter of its own: it is read from the shop's state indexes
 * (ZCARD of each state not final) inside the script that stores new generations
 * (create-in-line.lua), so it is exact under concurrency and after a crash, and a generation
 * frees its place the moment its transition to a final state moves it out of those indexes.
 */
import { GENERATION_STATES, TERMINAL_STATES } from '../../app-api/generation-states.ts';
import { AppError } from '../../platform/errors.ts';
import type { GenerationState } from '../generations/generation.ts';
import { generationKeys } from '../generations/keys.ts';

/** The states a generation holds a place in: every state before a final one, review included. */
export const PENDING_STATES: readonly GenerationState[] = GENERATION_STATES.filter(
  (state) => !TERMINAL_STATES.includes(state),
);

/** The shop's state indexes the pending count is read from (one ZCARD each). */
export function pendingIndexKeys(shop: string): string[] {
  return PENDING_STATES.map((state) => generationKeys.byState(shop, state));
}

/** A retry-after for work that frees as generations finish: about one ProductAI turn. */
const RETRY_AFTER_SECONDS = 60;

// Each message is one literal: the app home's French reads its fixed parts (locale files,
// `server.*`; test/web/frontend-server-text.test.ts finds them here).
export function pendingCapMessage(cap: number): string {
  return `This store already has ${cap} generations in progress or waiting for review, its limit. Each one published, rejected, cancelled or failed frees a place: approve or reject the results waiting in Activity, or wait for the work in progress to finish.`;
}

export const PENDING_CAP_CODE = 'pending_generations_cap';

export function pendingCapError(cap: number): AppError {
  return new AppError('limited', PENDING_CAP_CODE, pendingCapMessage(cap), {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

export function bulkRunsCapError(cap: number): AppError {
  return new AppError(
    'limited',
    'bulk_runs_cap',
    `This store already has ${cap} bulk runs running, its limit. A run frees its place once it has read all its products, or when it is paused or cancelled.`,
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}

export function variantValuesCapError(cap: number, values: number, option: string): AppError {
  return new AppError(
    'limited',
    'variant_values_cap',
    `This product has ${values} values of “${option}” with their own images; one request makes at most ${cap}. Make the others one at a time, each from its own image.`,
  );
}
