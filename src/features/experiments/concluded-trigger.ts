/**
 * The Flow trigger "Image experiment concluded" (extensions/flow-trigger-experiment-concluded,
 * whose TOML declares exactly the fields built here: test/features/experiments/concluded-
 * trigger.test.ts keeps them equal). Sent by the end's steps (experiment-steps.ts) once, marked
 * sent after Flow accepted it: as the generations' triggers (src/pipeline/flow/), at least once,
 * a worker killed between Flow's answer and the mark sends it again.
 */
import type { AdminGraphql } from '../../pipeline/index.ts';
import { FLOW_TRIGGER_RECEIVE } from '../../shopify/operations/flow.ts';
import type { Experiment, ExperimentEnd } from './experiment.ts';

export const CONCLUDED_HANDLE = 'productai-experiment-concluded';

/** Flow's product reference is the product's numeric id (`product_id`), not its gid. */
const numericId = (gid: string) => Number(gid.slice(gid.lastIndexOf('/') + 1));
const percent = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;

export function concludedPayload(
  experiment: Pick<Experiment, 'id' | 'productId'>,
  end: ExperimentEnd,
): Record<string, string | number> {
  const { uplift } = end;
  return {
    product_id: numericId(experiment.productId),
    'Experiment ID': experiment.id,
    Winner: end.winner === 'control' ? 'original' : (end.winner ?? 'none'),
    Why: end.why,
    'Uplift percent': uplift ? Math.round(uplift.estimate * 10) / 10 : 0,
    Interval: uplift ? `${percent(uplift.lower)} to ${percent(uplift.upper)}` : '',
  };
}

export async function sendConcluded(
  admin: AdminGraphql,
  experiment: Pick<Experiment, 'id' | 'productId'>,
  end: ExperimentEnd,
): Promise<void> {
  await admin.request(FLOW_TRIGGER_RECEIVE, {
    handle: CONCLUDED_HANDLE,
    payload: concludedPayload(experiment, end),
  });
}
