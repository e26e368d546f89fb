/**
 * Per-shop quotas (config `quotas`, README "Quotas"): what a shop may hold at once, so one shop
 * cannot fill Redis (it runs with `noeviction`: once full it refuses every shop's writes) or the
 * shared line. Each refusal is a 429 that names the cap and what frees it, by its code and
 * params (src/app-api/error-codes.ts), which the app home and the extensions translate.
 *
 * The pending count is never a counter of its own: it is read from the shop's state indexes
 * (ZCARD of each state not final: generations/keys.ts `pendingIndexes`) inside the scripts that
 * store new generations (create-in-line.lua, and create-once.lua for automatic work), so it is exact under concurrency and after a crash, and a generation
 * frees its place the moment its transition to a final state moves it out of those indexes.
 */
import { englishText, type CodedText, type ErrorCode } from '../../app-api/error-codes.ts';
import { AppError } from '../../platform/errors.ts';
import { toldWhy, type ToldWhy } from '../generations/reason.ts';

/** A retry-after for work that frees as generations finish: about one ProductAI turn. */
export const RETRY_AFTER_SECONDS = 60;

export const PENDING_CAP_CODE = 'pending_generations_cap' satisfies ErrorCode;

/** The pending cap's refusal in English (Flow shows it as it is). */
export function pendingCapMessage(cap: number): string {
  return englishText({ code: PENDING_CAP_CODE, params: { cap } });
}

export function pendingCapError(cap: number): AppError {
  return new AppError('limited', PENDING_CAP_CODE, {
    params: { cap },
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

export function bulkRunsCapError(cap: number): AppError {
  return new AppError('limited', 'bulk_runs_cap', {
    params: { cap },
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

export function variantValuesCapError(cap: number, values: number, option: string): AppError {
  return new AppError('limited', 'variant_values_cap', { params: { values, option, cap } });
}

/**
 * What a source nobody is waiting on does at the pending cap (docs/operations.md, Quotas per shop): a rule's
 * new product is not made, and says so in Activity (a failed generation, nothing charged, which
 * the merchant retries once places free); a bulk run waits (its run card says why, below); a
 * Flow action is answered 429 with `pendingCapMessage`, which Flow sends again later; a changed
 * result's next try is not made, and the result waits for review (`tryAtCapReason`).
 */
export function ruleAtCapRefusal(cap: number): ToldWhy & { note: string } {
  return {
    ...toldWhy({ code: 'rule_at_cap', params: { cap } }, { code: 'action_free_places' }),
    note: `Not made: the store's ${cap} places for generations in progress were taken`,
  };
}

/** Why a changed result was not made again (fidelity-retry.ts adds it to the result's hold). */
export function tryAtCapReason(cap: number): string {
  return `the store has ${cap} generations in progress or waiting for review, its limit`;
}

/** The same, as the reason Activity shows on the result waiting for review. */
export function tryAtCapHeldReason(cap: number): CodedText {
  return { code: 'try_at_cap_held', params: { cap } };
}

/** A bulk run waiting for places under the cap: its card's line (runs/view.ts). */
export function bulkRunAtCapMessage(cap: number): CodedText {
  return { code: 'bulk_run_at_cap', params: { cap } };
}
