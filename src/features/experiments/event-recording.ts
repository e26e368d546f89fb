/**
 * Storefront events of experiments (web/server/routes/experiment-events.ts, through the
 * experiments' service, `recordEvents`): counts a visitor's
 * batch once it is parsed and within its rate limits, and refuses a batch the experiment does
 * not take with an AppError that says why. Every event is counted in the metrics by what became
 * of it (counted, repeated, duplicate, capped, or refused with its batch's reason).
 */
import { AppError } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { EventBatch } from './event-batch.ts';
import type { ExperimentEventStore, RecordStatus } from './event-store.ts';

/** Counts one visitor's batch, or refuses it with why. */
export type RecordEvents = (batch: EventBatch) => Promise<void>;

const REFUSALS: Record<Exclude<RecordStatus, 'ok'>, (batch: EventBatch) => AppError> = {
  unknown: (batch) =>
    new AppError('not_found', 'unknown_experiment', {
      params: { experiment: batch.experiment, shop: batch.shop },
    }),
  ended: (batch) =>
    new AppError('conflict', 'experiment_ended', { params: { experiment: batch.experiment } }),
  unknown_arm: (batch) =>
    new AppError('invalid', 'unknown_arm', {
      params: { experiment: batch.experiment, arm: batch.arm },
      fields: { arm: { code: 'not_an_arm' } },
    }),
  other_arm: (batch) =>
    new AppError('conflict', 'other_arm', {
      params: { visitor: batch.visitor, experiment: batch.experiment },
    }),
};

export function createRecordEvents(deps: {
  store: ExperimentEventStore;
  clock: Clock;
  metrics: Pick<Metrics, 'experimentEvents'>;
}): RecordEvents {
  const { store, clock, metrics } = deps;
  return async (batch) => {
    const result = await store.record(batch, clock.now());
    if (result.status !== 'ok') {
      metrics.experimentEvents(`refused_${result.status}`, batch.events.length);
      throw REFUSALS[result.status](batch);
    }
    metrics.experimentEvents('counted', result.counted);
    metrics.experimentEvents('repeated', result.repeated);
    metrics.experimentEvents('duplicate', result.duplicates);
    metrics.experimentEvents('capped', result.capped);
  };
}
