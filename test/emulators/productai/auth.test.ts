/** Authentication of both interfaces, the envelope, key-check, and unknown routes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, startApi, type Api } from './support/emulator.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi({ accounts: { [KEY]: 100, 'key-inactive': 100 } });
  await api.control('PATCH', '/accounts/key-inactive', { active: false });
});
afterAll(() => api.close());

describe('current interface (x-api-key)', () => {
  it('key-check answers 200 with status OK for a valid key', async () => {
    const response = await api.get('/v1/api/key-check');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'OK' });
  });

  it('answers 401 with an error saying the API key is required when the header is missing', async () => {
    const response = await api.get('/v1/api/key-check', null);
    expect(response.status).toBe(401);
    expect(Object.keys(response.body)).toEqual(['error']);
    expect(response.body.error).toMatch(/API key is required/i);
  });

  it('answers 401 for an empty x-api-key header', async () => {
    expect((await api.get('/v1/api/key-check', '')).status).toBe(401);
  });

  it('answers 403 for an unknown key, pointing at the API access page for a new key', async () => {
    const response = await api.get('/v1/api/key-check', 'no-such-key');
    expect(response.status).toBe(403);
    expect(Object.keys(response.body)).toEqual(['error']);
    expect(response.body.error).toMatch(/invalid or inactive/i);
    expect(response.body.error).toMatch(/API access/i);
  });

  it('answers 403 for an inactive key, and 200 again once reactivated', async () => {
    expect((await api.get('/v1/api/key-check', 'key-inactive')).status).toBe(403);
    await api.control('PATCH', '/accounts/key-inactive', { active: true });
    expect((await api.get('/v1/api/key-check', 'key-inactive')).status).toBe(200);
    await api.control('PATCH', '/accounts/key-inactive', { active: false });
  });

  it.each([
    ['/v1/api/generate', 'POST'],
    ['/v1/api/generate-video', 'POST'],
    ['/v1/api/upscale', 'POST'],
    ['/v1/api/upload-asset', 'POST'],
    ['/v1/api/job/1', 'GET'],
  ])('%s requires the key (401 without, 403 invalid)', async (path, method) => {
    const send = (key: string | null) =>
      method === 'GET' ? api.get(path, key) : api.post(path, { model: 'gpt-2', prompt: 'x' }, key);
    expect((await send(null)).status).toBe(401);
    expect((await send('wrong')).status).toBe(403);
  });

  it('wraps successful answers in the envelope { status: OK, data }', async () => {
    const ok = await api.post('/v1/api/generate', { model: 'gpt-2', prompt: 'studio' });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body)).toEqual(['status', 'data']);
    expect(ok.body.status).toBe('OK');
  });
});

describe('earlier interface (Bearer)', () => {
  it('answers 200 with a valid Bearer key', async () => {
    expect((await api.bearer('GET', '/v1/jobs', KEY)).status).toBe(200);
  });

  it('answers 401 without an Authorization header', async () => {
    const response = await api.bearer('GET', '/v1/jobs', null);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('missing_api_key');
  });

  it('answers 403 for an unknown or inactive Bearer key', async () => {
    const unknown = await api.bearer('GET', '/v1/my-uploaded-assets', 'nope');
    expect(unknown.status).toBe(403);
    expect(unknown.body.error.code).toBe('invalid_api_key');
    expect((await api.bearer('GET', '/v1/jobs', 'key-inactive')).status).toBe(403);
  });

  it('does not accept the x-api-key header in place of Bearer', async () => {
    expect((await api.get('/v1/jobs', KEY)).status).toBe(401);
  });
});

describe('routing', () => {
  it('answers 404 { error } for an unknown path', async () => {
    const response = await api.get('/v1/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found' });
  });

  it('answers 405 for a known path with another method', async () => {
    const response = await api.get('/v1/api/generate');
    expect(response.status).toBe(405);
  });
});
