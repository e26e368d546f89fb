/** GET /api/session: who the caller is; the front end's first authenticated call. */
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';

export const sessionModule: AppModule = {
  name: 'session',
  register({ api }) {
    api.get('/session', (req, res) => {
      res.json({ shop: shopOf(req) });
    });
  },
};
