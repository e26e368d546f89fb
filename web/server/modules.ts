/** The feature modules the server runs, in registration order (see module.ts). */
import type { AppModule } from './module.ts';
import { API_MODULES } from './routes/api-modules.ts';
import { experimentEventsModule } from './routes/experiment-events.ts';
import { flowActionsModule } from './routes/flow-actions.ts';
import { productAiWebhooksModule } from './routes/productai-webhooks.ts';
import { sessionModule } from './routes/session.ts';

export const APP_MODULES: readonly AppModule[] = [
  sessionModule,
  productAiWebhooksModule,
  flowActionsModule,
  experimentEventsModule,
  ...API_MODULES,
];
