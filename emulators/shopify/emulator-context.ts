/**
 * Everything the emulator's routes and resolvers share: its options, clock, state and services.
 * Built once by index.ts; passed explicitly so every part can be tested on its own.
 */
import type { GraphQLSchema } from 'graphql';
import type { TokenRegistry } from './auth/token-registry.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { CdnMetadata } from './cdn/metadata.ts';
import type { Faults } from './control/faults.ts';
import type { ThrottleBuckets } from './graphql/leaky-bucket.ts';
import type { MediaProcessor } from './media/processor.ts';
import type { AssetStore } from './store/assets.ts';
import type { EmulatorStore } from './store/emulator-store.ts';
import type { StagedUploads } from './uploads/staged-uploads.ts';
import type { WebhookSender } from './webhooks/sender.ts';
import type { AppMetaobjectDefinition } from './resolvers/app-metaobjects.ts';
import type { ProductEvents } from './webhooks/product-events.ts';

export interface ResolvedOptions {
  apiKey: string;
  apiSecret: string;
  restoreRate: number;
  bucketSize: number;
  mediaProcessingMs: number;
  graphqlLatencyMs: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  productCount: number;
  colourProducts: boolean;
  scopes: string[];
  /** The app's Flow triggers by handle (their fields); null: any payload is accepted. */
  flowTriggers: ReadonlyMap<string, readonly string[]> | null;
  /** The metaobject definitions the app declares: every shop it is installed on has them. */
  metaobjectDefinitions: readonly AppMetaobjectDefinition[];
}

export interface EmulatorContext {
  options: ResolvedOptions;
  clock: Clock;
  schema: GraphQLSchema;
  store: EmulatorStore;
  tokens: TokenRegistry;
  assets: AssetStore;
  faults: Faults;
  /** What the CDN does with served files' metadata (cdn/metadata.ts); changed by the control. */
  cdn: { metadata: CdnMetadata };
  buckets: ThrottleBuckets;
  media: MediaProcessor;
  staged: StagedUploads;
  webhooks: WebhookSender;
  /** Products created and given images from the control surface, with their webhooks. */
  productEvents: ProductEvents;
  /** The emulator's own origin, e.g. `http://127.0.0.1:43210` (set once it listens). */
  baseUrl(): string;
}
