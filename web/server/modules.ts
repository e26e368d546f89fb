/** The feature modules the server runs, in registration order (see module.ts). */
import type { AppModule } from './module.ts';
import { sessionModule } from './routes/session.ts';

export const APP_MODULES: readonly AppModule[] = [sessionModule];
