/**
 * The emulator's HTTP surface: Shopify's endpoints on a shop's domain (token endpoint, Admin
 * GraphQL), the CDN and staged-upload storage that Shopify runs elsewhere, and the
 * `/__emulator/` control surface for tests and the demo.
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { accessTokenRouter } from './auth/access-token-route.ts';
import { cdnRouter } from './cdn/routes.ts';
import { controlRouter } from './control/routes.ts';
import { localeControlRouter } from './control/locale-routes.ts';
import type { EmulatorContext } from './emulator-context.ts';
import { graphqlRouter } from './graphql/route.ts';
import { resolvers } from './resolvers/index.ts';
import { storefrontRouter } from './storefront/routes.ts';
import { stagedUploadRouter } from './uploads/routes.ts';

export function createApp(emu: EmulatorContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(accessTokenRouter(emu));
  app.use(graphqlRouter(emu, resolvers));
  app.use(cdnRouter(emu));
  app.use(stagedUploadRouter(emu));
  app.use(controlRouter(emu));
  app.use(localeControlRouter(emu));
  app.use(storefrontRouter(emu));
  app.use((req: Request, res: Response) => {
    res.status(404).json({ errors: `Not Found: ${req.method} ${req.path}` });
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status =
      typeof error === 'object' &&
      error !== null &&
      'status' in error &&
      typeof error.status === 'number'
        ? error.status
        : 500;
    if (status >= 500) console.error('[shopify-emulator]', error);
    res.status(status).json({ errors: error instanceof Error ? error.message : String(error) });
  });
  return app;
}
