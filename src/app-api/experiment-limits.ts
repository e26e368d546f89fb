/** Bounds of an experiment the start form needs as values (no zod: the app home imports it). */

/**
 * The longest an experiment may run, in days: the event store keeps the start's day and 39 more
 * for 4 arms (src/features/experiments/event-store.ts, MAX_SLOTS).
 */
export const MAX_EXPERIMENT_DAYS = 39;
