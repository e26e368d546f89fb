/** The one error handler, the request id, and graceful shutdown with in-flight work. */
import { describe, expect, it } from 'vitest';
import type { AppModule } from '../../web/server/module.ts';
import { APP_MODULES } from '../../web/server/modules.ts';
import { AppError } from '../../src/platform/errors.ts';
import { startTestApp } from '../support/app.ts';

let release: () => void = () => {};
const released = new Promise<void>((resolve) => (release = resolve));
let backgroundDone = false;

const testRoutes: AppModule = {
  name: 'test-routes',
  register({ api }, deps) {
    api.get('/fails', () => {
      throw new Error('connection string redis://secret@10.0.0.1 refused');
    });
    api.post('/refuses', () => {
      throw new AppError('limited', 'bulk_runs_cap', { params: { cap: 2 } });
    });
    api.post('/echo', (req, res) => {
      res.json(req.body);
    });
    api.get('/slow', async (_req, res) => {
      deps.background.run('after-slow', async () => {
        await released;
        backgroundDone = true;
      });
      await released;
      res.json({ done: true });
    });
  },
};

const app = await startTestApp({ modules: [...APP_MODULES, testRoutes] });

describe('error answers', () => {
  it('hide 5xx details behind the request id', async () => {
    const shop = app.newShop();
    const response = await app.call('/api/fails', {
      shop,
      headers: { 'X-Request-Id': 'req-12345678' },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('req-12345678');
    const body = await response.json();
    expect(body).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side. Reference: req-12345678',
      params: { requestId: 'req-12345678' },
      requestId: 'req-12345678',
    });
  });

  it('answer a 4xx with its code, the params its text names, and that text in English', async () => {
    const shop = app.newShop();
    const response = await app.call('/api/refuses', { shop, method: 'POST' });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({
      error: 'bulk_runs_cap',
      params: { cap: 2 },
      message: expect.stringMatching(/^This store already has 2 bulk runs running, its limit\./),
      requestId: expect.any(String),
    });
  });

  it('answer malformed JSON with 400', async () => {
    const shop = app.newShop();
    const response = await app.call('/api/echo', {
      shop,
      method: 'POST',
      body: '{"broken":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'bad_request' });
  });
});

describe('graceful shutdown', () => {
  it('stops accepting, finishes in-flight requests and their work, then closes Redis', async () => {
    const shop = app.newShop();
    expect((await app.call('/api/session', { shop })).status).toBe(200);
    const inFlight = app.call('/api/slow', { shop });
    // Wait until the request is in the handler (its background task is registered).
    while (app.deps.background.pending === 0)
      await new Promise((resolve) => setTimeout(resolve, 5));

    const closing = app.server.close();
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    expect(backgroundDone).toBe(true);
    expect(app.deps.redis.status).toBe('end');
  });
});
