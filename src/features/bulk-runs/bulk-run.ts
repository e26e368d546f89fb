/**
 * A bulk run: one set of generation parameters applied to every product of a collection or of a
 * list of product ids. The run expands lazily, a page of products at a time, and keeps only a
 * small window of its generations waiting in the scheduler, so that
 *  - memory stays flat whatever the size of the target (no list of ids is ever held);
 *  - pause and cancel touch a window of waiting generations, not thousands;
 *  - every product is read fresh when its turn comes (images added or removed meanwhile count).
 *
 * States (stored): running, paused, cancelled. `completed` is derived: a running run whose
 * expansion is done and whose generations have all ended.
 */
import type { CodedText } from '../../app-api/error-codes.ts';
import { AppError } from '../../platform/errors.ts';
import type {
  BulkRunTarget,
  BulkVariantSets,
  EachVariant,
  GenerationKind,
  GenerationParams,
} from '../../app-api/contract.ts';

export type StoredBulkRunState = 'running' | 'paused' | 'cancelled';

export interface BulkRun {
  id: string;
  shop: string;
  /** The collection's title or "12 selected products". */
  title: string;
  target: BulkRunTarget;
  kind: GenerationKind;
  /** Complete parameters (shop defaults filled in at creation). */
  params: GenerationParams;
  /** How many of each product's images to send (already capped at the model's limit). */
  imagesPerProduct: number;
  /** Generations per product: options in one option group when more than one. */
  options: number;
  state: StoredBulkRunState;
  /** Products in the target when the run started (the collection's count may drift). */
  productCount: number | null;
  /** Products turned into generations (or skipped) so far. */
  expandedCount: number;
  creditsPerProduct: number;
  estimatedCredits: number;
  creditBudget: number | null;
  /** Credits reserved for the generations created so far; never above the budget. */
  creditsCommitted: number;
  skippedForBudget: number;
  /** Products that already carry a result with the same options are made again (else skipped). */
  includeDone: boolean;
  /** Products the options cannot serve (no image): skipped, with no generation. */
  skippedUnprocessable: number;
  /** Products skipped because they already carry a result with the same options. */
  skippedDone: number;
  /** The estimate's count of products without an image, until the run has read them all. */
  plannedNoImage: number;
  /** The estimate's count of products already made with these options. */
  plannedAlreadyDone: number;
  /**
   * One result per value of this option for each product whose variants have their own images;
   * null: one result per product. `creditsPerProduct` is then per result.
   */
  eachVariant: EachVariant | null;
  /** The estimate's sets (products, results, products made singly); null without eachVariant. */
  plannedVariantSets: BulkVariantSets | null;
  /** Products made one per value so far, their results, and products made singly instead. */
  variantProducts: number;
  variantResults: number;
  variantSingle: number;
  /**
   * When expansion last stopped because the shop was at its cap of generations not yet final
   * (ISO 8601); null once it adds a product again. What the run card's waiting line reads.
   */
  atCapSince: string | null;
  /** When the run was last paused (ISO 8601); its expiry counts from here. Null: never. */
  pausedAt: string | null;
  /** When the run was cancelled for having stayed paused too long (ISO 8601); null otherwise. */
  expiredAt: string | null;
  /** Where expansion continues: the collection page cursor, or the offset in the id list. */
  cursor: string | null;
  expansionDone: boolean;
  createdAt: string;
  updatedAt: string;
}

export class BulkRunNotFoundError extends AppError {
  override readonly name = 'BulkRunNotFoundError';
  constructor() {
    super('not_found', 'bulk_run_not_found');
  }
}

/** The run was not in a state the action applies to (e.g. resume a cancelled run). */
export class BulkRunStateError extends AppError {
  override readonly name = 'BulkRunStateError';
  readonly current: StoredBulkRunState;
  constructor(current: StoredBulkRunState, action: BulkRunAction) {
    super('conflict', 'bulk_run_state', {
      params: { state: { code: `run_${current}` }, action: BULK_RUN_ACTION_DONE[action] },
    });
    this.current = current;
  }
}

/** What a merchant (or an uninstall) does to a run, and the words for it having been done. */
export type BulkRunAction = 'pause' | 'resume' | 'cancel';
const BULK_RUN_ACTION_DONE: Record<BulkRunAction, CodedText> = {
  pause: { code: 'run_pause_done' },
  resume: { code: 'run_resume_done' },
  cancel: { code: 'run_cancel_done' },
};
