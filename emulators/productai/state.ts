/** Everything the routes share: the stores, the engines and the emulator's settings. */
import type { AccountStore } from './accounts.ts';
import type { AssetStore } from './assets.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { Faults } from './faults.ts';
import type { ImageSource } from './images/source.ts';
import type { JobEngine } from './jobs/engine.ts';
import type { ProductChanges } from './product-changes.ts';
import type { SlidingWindowLimiter } from './rate-limit.ts';
import type { FileStore } from './storage.ts';
import type { WebhookSender } from './webhooks.ts';

export interface EmulatorState {
  clock: Clock;
  accounts: AccountStore;
  assets: AssetStore;
  jobs: JobEngine;
  files: FileStore;
  faults: Faults;
  /** Jobs that change the product: orders per account and the random rate. */
  changes: ProductChanges;
  webhooks: WebhookSender;
  imageSource: ImageSource;
  /** generate and generate-video, per client IP. */
  generationLimiter: SlidingWindowLimiter;
  /** upload-asset, per account (1 per second, always on). */
  uploadLimiter: SlidingWindowLimiter;
  /** Public URL of a hosted file. */
  cdnUrl: (name: string) => string;
}
