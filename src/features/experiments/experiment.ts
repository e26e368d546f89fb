/**
 * An image experiment: a product's original featured image (the control) against 1 to 3 of its
 * published AI photos, shown to the storefront's visitors by the theme extension (the arms in
 * the product's `$app:experiments.live` metafield) and counted by the event store. Its
 * lifecycle is at the top of service.ts.
 */
import { AppError } from '../../platform/errors.ts';
import type {
  ExperimentArmId,
  ExperimentEndAction,
  ExperimentEndReason,
  ExperimentGoal,
  ExperimentLosers,
} from '../../app-api/experiments.ts';

export type { ExperimentArmId, ExperimentEndReason } from '../../app-api/experiments.ts';

export interface ExperimentArm {
  arm: ExperimentArmId;
  /** The product's MediaImage gid. */
  media: string;
  /** Its image's URL, as the storefront shows it. */
  image: string;
  /** The AI photo's generation; null for the control. */
  generationId: string | null;
}

export type ExperimentState = 'running' | 'ended';

/** What the end decided, recorded with the move to `ended` so every repeat acts on it. */
export interface ExperimentEnd {
  why: ExperimentEndReason;
  /** The winning arm; null: none (no clear winner, or ended by a campaign or an undo). */
  winner: ExperimentArmId | null;
  /** The arm the end makes (or keeps) the featured image; null: the product is left as it is. */
  keep: ExperimentArmId | null;
  /** The kept or winning AI photo's relative uplift at the end, in percent, for Flow. */
  uplift: { estimate: number; lower: number; upper: number } | null;
}

export interface Experiment {
  id: string;
  shop: string;
  productId: string;
  arms: ExperimentArm[];
  /** Percent of visitors per arm, in the arms' order. */
  weights: number[];
  goal: ExperimentGoal;
  minDays: number;
  maxDays: number;
  endAction: ExperimentEndAction;
  /** What becomes of the arms the end does not keep (loser-media.ts). */
  losers: ExperimentLosers;
  state: ExperimentState;
  end: ExperimentEnd | null;
  /** The end's steps are all done (featured image, event store, metafield, Flow). */
  finished: boolean;
  /** ISO 8601 instants. */
  startedAt: string;
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export class ExperimentNotFoundError extends AppError {
  override readonly name = 'ExperimentNotFoundError';
  constructor() {
    super('not_found', 'experiment_not_found');
  }
}

export class ExperimentStateError extends AppError {
  override readonly name = 'ExperimentStateError';
  /** `refused`: what cannot be done now (stop it, or keep a winner it does not have yet). */
  constructor(current: ExperimentState, refused: 'stop' | 'keep' = 'stop') {
    super('conflict', refused === 'stop' ? 'experiment_not_running' : 'experiment_no_winner_yet', {
      params: { state: { code: `experiment_state_${current}` } },
    });
  }
}
