/**
 * nginx's body limit is the app's (deploy/nginx.conf in a real nginx, in front of the app): the
 * app takes bodies of up to 10 MB (the shop style's image, STYLE_REFERENCE_MAX_BYTES), so a body
 * just under it reaches the app, and one over it is refused by nginx with the app's own JSON
 * error body, not nginx's HTML page.
 */
import { beforeAll, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/app-api/contract.ts';
import { STYLE_REFERENCE_MAX_BYTES } from '../../src/app-api/contract.ts';
import { startTestApp } from '../support/app.ts';
import { startNginx, type RunningNginx } from './support/nginx.ts';

const app = await startTestApp({ env: { TRUST_PROXY: '1' } });
let nginx: RunningNginx;
beforeAll(async () => {
  nginx = await startNginx(`127.0.0.1:${app.server.port}`);
});

/** A style image upload of `bytes` bytes (not an image: what answers it is the point). */
function upload(bytes: number, base: string): Promise<Response> {
  const shop = app.newShop();
  return fetch(`${base}/api/settings/style/reference`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${app.sessionToken(shop)}`, 'content-type': 'image/png' },
    body: new Uint8Array(bytes),
  });
}

it('lets a body just under the app’s 10 MB limit through to the app', async () => {
  const response = await upload(STYLE_REFERENCE_MAX_BYTES - 1024, nginx.url);
  // The app read it whole and judged it: zeros are not a PNG.
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: 'invalid_style_image' });
});

it('refuses a body over the limit with a JSON 413 in the app’s error shape', async () => {
  const response = await upload(STYLE_REFERENCE_MAX_BYTES + 1, nginx.url);
  expect(response.status).toBe(413);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as ApiErrorBody;
  expect(body).toEqual({
    error: 'payload_too_large',
    message: 'The body is larger than 10 MB.',
    params: { size: '10 MB' },
    requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
});

it('answers an oversize body with the same error code as the app itself does', async () => {
  const direct = await upload(STYLE_REFERENCE_MAX_BYTES + 1, app.url);
  expect(direct.status).toBe(413);
  expect(await direct.json()).toMatchObject({ error: 'payload_too_large' });
});
