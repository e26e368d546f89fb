/**
 * The media state machine. Shopify processes media asynchronously after `productUpdate(media:)`
 * or `fileCreate`; apps poll `status` (Media) / `fileStatus` (File) until it settles.
 *
 *            created
 *               │
 *               ▼
 *          ┌──────────┐  a quarter of mediaProcessingMs   ┌────────────┐
 *          │ UPLOADED │ ─────────────────────────────────▶ │ PROCESSING │
 *          └──────────┘                                    └────────────┘
 *                                                            │        │
 *              mediaProcessingMs elapsed and the source      │        │ source unreachable, not an
 *              fetched and accepted                          ▼        ▼ image/video, or over the limits
 *                                                       ┌───────┐  ┌────────┐
 *                                                       │ READY │  │ FAILED │ (mediaErrors / fileErrors)
 *                                                       └───────┘  └────────┘
 *
 * The status is computed from the clock at read time (never by timers), so a test clock moves
 * media along without waiting, and nothing is left running when the emulator stops. While the
 * source is still being fetched, the status stays PROCESSING even after mediaProcessingMs.
 */
import type { ProcessingRecord } from '../store/types.ts';

export type MediaStatus = 'UPLOADED' | 'PROCESSING' | 'READY' | 'FAILED';

/** Share of the processing time spent UPLOADED before PROCESSING. */
const UPLOADED_SHARE = 0.25;

export function startProcessing(nowMs: number, processingMs: number): ProcessingRecord {
  return { startedAt: nowMs, settleAt: nowMs + processingMs, result: null };
}

export function mediaStatus(processing: ProcessingRecord, nowMs: number): MediaStatus {
  const { startedAt, settleAt, result } = processing;
  if (result && nowMs >= settleAt) return result.ok ? 'READY' : 'FAILED';
  if (nowMs < startedAt + (settleAt - startedAt) * UPLOADED_SHARE) return 'UPLOADED';
  return 'PROCESSING';
}
