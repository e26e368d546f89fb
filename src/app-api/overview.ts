/**
 * The Overview's part of the JSON contract: the app home's first page. Browser-safe: zod only.
 */
import { z } from 'zod';
import { BulkRunView } from './bulk-runs.ts';
import { GenerationState, GenerationView } from './generations.ts';
import { ShopPaused } from './settings.ts';

/** The Overview's setup guide: dismissed (when), kept per shop (src/features/overview/setup-guide-store.ts). */
export const SetupGuideView = z.object({ dismissedAt: z.string().nullable() });
export type SetupGuideView = z.infer<typeof SetupGuideView>;

export const OverviewView = z.object({
  connection: z.object({
    apiKeyState: z.enum(['missing', 'valid', 'invalid']),
    webhookConnectedAt: z.string().nullable(),
  }),
  paused: ShopPaused.nullable(),
  active: z.record(GenerationState, z.number().int()),
  recent: z.array(GenerationView),
  /** `day`: `YYYY-MM-DD` on the shop's clock (its Shopify time zone). */
  creditsByDay: z.array(z.object({ day: z.string(), credits: z.number().int() })),
  creditsByModel: z.array(z.object({ model: z.string(), credits: z.number().int() })),
  bulkRuns: z.array(BulkRunView),
  setupGuide: SetupGuideView,
});
export type OverviewView = z.infer<typeof OverviewView>;
