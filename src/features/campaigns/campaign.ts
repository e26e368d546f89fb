/**
 * A campaign: a bulk run with a schedule ("Holiday scenes for Best Sellers, 1 December to
 * 2 January"). Its results are generated ahead of time and held in `in_review` (see
 * campaign-holds.ts); at the start they are published as the featured image, at the end they
 * are taken off the products and the previous featured image is put back (the app's undo).
 *
 * States (stored), each move one atomic step in campaign-store.ts:
 *
 *   scheduled ──► live ──► ended        (start time reached; end time reached or "end now")
 *       └──────► cancelled              (cancelled before the start: nothing was ever shown)
 *
 * A move is only the first half of a phase; the phase's sweep over the run's generations comes
 * second and records its completion (`released`, `restored`). A worker that dies in between
 * leaves the campaign due in the due index, so the reconciler runs the sweep again; every step
 * of a sweep is an atomic generation transition or an idempotent Shopify call.
 */
import { AppError } from '../../platform/errors.ts';
import type { CampaignState } from '../../app-api/campaigns.ts';
import type { BulkRunView } from '../../app-api/contract.ts';

export type { CampaignState } from '../../app-api/campaigns.ts';

export interface Campaign {
  id: string;
  shop: string;
  name: string;
  bulkRunId: string;
  /** The shop's IANA time zone at creation (the start and end were entered in it). */
  timeZone: string;
  /** ISO 8601 instants (UTC). */
  startsAt: string;
  endsAt: string;
  /** Only results the merchant approved go live. */
  reviewFirst: boolean;
  state: CampaignState;
  /** The go-live sweep has moved every held result on (set after `live`). */
  released: boolean;
  /** The end (or cancel) sweep has taken every result down or discarded it. */
  restored: boolean;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the end sweep decided for a published result, recorded before it acts. */
export type TakeDownDecision = 'restore' | 'edited';

export class CampaignNotFoundError extends AppError {
  override readonly name = 'CampaignNotFoundError';
  constructor() {
    super('not_found', 'campaign_not_found');
  }
}

/** The campaign was not in a state the action applies to (e.g. cancel a live campaign). */
export class CampaignStateError extends AppError {
  override readonly name = 'CampaignStateError';
  readonly current: CampaignState;
  readonly action: string;
  constructor(current: CampaignState, action: string) {
    // `action` is the store's word ("end"): the service names instead what the merchant can do.
    super('conflict', 'campaign_state', {
      params: { state: { code: `campaign_${current}` }, action },
    });
    this.current = current;
    this.action = action;
  }
}

/** The campaign as the run it started names it (`ended`: its end stopped the run). */
export function runCampaign(campaign: Campaign): BulkRunView['campaign'] {
  return { id: campaign.id, name: campaign.name, ended: campaign.state === 'ended' };
}
