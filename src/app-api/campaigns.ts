/**
 * The campaigns part of the JSON contract (re-exported by contract.ts, which lists its routes):
 * results made ahead by a bulk run, made the featured images at the start on the shop's clock, and
 * the previous images given back at the end.
 */
import { z } from 'zod';
import { BulkRunView, CreateBulkRunRequest } from './bulk-runs.ts';
import { LOCAL_DATE_TIME } from './zoned-time.ts';

const LocalDateTime = z
  .string()
  .regex(LOCAL_DATE_TIME, 'Use a date and time such as 2025-12-01T00:00.');

export const CreateCampaignRequest = CreateBulkRunRequest.extend({
  name: z.string().trim().min(1).max(80),
  /** On the shop's clock (its Shopify time zone), as an `<input type="datetime-local">` gives. */
  startsAt: LocalDateTime,
  endsAt: LocalDateTime,
  /**
   * Only results approved in Activity go live; the others are discarded at the end. Left out,
   * the campaign follows the shop's review setting (Settings > Publishing), as every other
   * result does.
   */
  reviewFirst: z.boolean().optional(),
});
export type CreateCampaignRequest = z.infer<typeof CreateCampaignRequest>;

export const CampaignState = z.enum(['scheduled', 'live', 'ended', 'cancelled']);
export type CampaignState = z.infer<typeof CampaignState>;

export const CampaignProduct = z.object({ id: z.string(), title: z.string() });

export const CampaignView = z.object({
  id: z.string(),
  name: z.string(),
  state: CampaignState,
  /** The shop's IANA time zone; `startsAt`/`endsAt` are instants (ISO 8601, UTC). */
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The same on the shop's clock, `YYYY-MM-DDTHH:mm`. */
  startsAtLocal: z.string(),
  endsAtLocal: z.string(),
  reviewFirst: z.boolean(),
  /** The generation work: progress, credits, counts by state. */
  bulkRun: BulkRunView,
  report: z.object({
    /** Results ready to go live (held) or live now. */
    held: z.number().int(),
    live: z.number().int(),
    /** Products given back their previous featured image at the end. */
    restored: z.number().int(),
    /** Products whose featured image the merchant changed by hand while live: left as they are. */
    editedByMerchant: z.array(CampaignProduct),
    /** Whether the last phase (start or end) is still being carried out. */
    settling: z.boolean(),
    /**
     * What cancelling or ending now discards: results held (not live) or still being made, and
     * the credits ProductAI charged for them, which are lost (src/features/campaigns/at-stake.ts).
     */
    atStake: z.object({ results: z.number().int(), credits: z.number().int() }),
  }),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CampaignView = z.infer<typeof CampaignView>;

export const CampaignList = z.object({
  timeZone: z.string(),
  campaigns: z.array(CampaignView),
});
export type CampaignList = z.infer<typeof CampaignList>;
