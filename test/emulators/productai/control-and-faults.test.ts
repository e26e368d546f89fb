/**
 * The control surface (/__emulator/: accounts, faults, jobs, the studio page) and the command
 * line entry point.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../dev/free-port.ts';
import { KEY, OTHER_KEY, startApi, startWebhookReceiver, type Api } from './support/emulator.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.control('DELETE', '/faults');
});

/** A text-to-image request whose client gives up after `timeoutMs`. */
const generateGivingUpAfter = (timeoutMs: number, prompt: string) =>
  fetch(`${api.url}/v1/api/generate`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-2', prompt }),
    signal: AbortSignal.timeout(timeoutMs),
  });

const textToImage = (key = KEY) =>
  api.post('/v1/api/generate', { model: 'gpt-2', prompt: 'x' }, key);

describe('accounts', () => {
  it('creates an account (201) that can use the API at once', async () => {
    const created = await api.control('POST', '/accounts', { key: 'key-new', credits: 25 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      key: 'key-new',
      credits: 25,
      webhookUrl: null,
      active: true,
      createdAt: expect.any(String),
    });
    expect((await api.get('/v1/api/key-check', 'key-new')).status).toBe(200);
  });

  it('refuses a duplicate key (409) and a malformed account (400)', async () => {
    expect((await api.control('POST', '/accounts', { key: KEY, credits: 1 })).status).toBe(409);
    expect((await api.control('POST', '/accounts', { key: '', credits: 1 })).status).toBe(400);
    expect((await api.control('POST', '/accounts', { key: 'k', credits: -1 })).status).toBe(400);
    expect((await api.control('POST', '/accounts', { key: 'k', credits: 1.5 })).status).toBe(400);
  });

  it('reads credits, webhookUrl and active; 404 for an unknown key', async () => {
    expect((await api.control('GET', `/accounts/${KEY}`)).body).toMatchObject({
      credits: expect.any(Number),
      webhookUrl: null,
      active: true,
    });
    expect((await api.control('GET', '/accounts/nobody')).status).toBe(404);
  });

  it('PATCH sets the balance and deactivates the key', async () => {
    await api.control('POST', '/accounts', { key: 'key-patch', credits: 0 });
    expect((await api.control('PATCH', '/accounts/key-patch', { credits: 99 })).body.credits).toBe(
      99,
    );
    expect((await api.control('PATCH', '/accounts/key-patch', { active: false })).body.active).toBe(
      false,
    );
    expect((await api.get('/v1/api/key-check', 'key-patch')).status).toBe(403);
    expect((await api.control('PATCH', '/accounts/key-patch', { active: 'no' })).status).toBe(400);
    expect((await api.control('PATCH', '/accounts/key-patch', { credits: -5 })).status).toBe(400);
  });

  it('lists jobs with their owner, credits and result', async () => {
    await api.control('POST', '/accounts', { key: 'key-listed', credits: 10 });
    const { body } = await textToImage('key-listed');
    await api.settle(body.data.id, 'key-listed');
    const { body: listed } = await api.control('GET', '/jobs?key=key-listed');
    expect(listed.jobs).toEqual([
      expect.objectContaining({
        id: body.data.id,
        accountKey: 'key-listed',
        kind: 'image',
        model: 'gpt-2',
        status: 'COMPLETED',
        credits: 10,
      }),
    ]);
  });
});

describe('faults', () => {
  it('serverErrorNext: the next N API requests answer 500 and do nothing', async () => {
    const before = await api.credits(KEY);
    await api.control('POST', '/faults', { serverErrorNext: 2 });
    for (let i = 0; i < 2; i++) {
      const response = await textToImage();
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: 'Internal server error' });
    }
    expect(await api.credits(KEY)).toBe(before);
    expect((await textToImage()).status).toBe(200);
  });

  it('hangNext: the request takes effect (job created, credits charged) but is never answered', async () => {
    const before = await api.credits(KEY);
    const jobsBefore = (await api.control('GET', `/jobs?key=${KEY}`)).body.jobs.length;
    await api.control('POST', '/faults', { hangNext: 1 });
    await expect(generateGivingUpAfter(500, 'held')).rejects.toThrow(/timeout|aborted/i);
    expect(await api.credits(KEY)).toBe(before - 10);
    const jobs = (await api.control('GET', `/jobs?key=${KEY}`)).body.jobs;
    expect(jobs).toHaveLength(jobsBefore + 1);
    expect(jobs[0].prompt).toBe('held');
    expect((await api.get('/v1/api/key-check')).status).toBe(200);
  });

  it('slowIntakeNext: the job is created and charged only after the intake, even for a client that gave up', async () => {
    const before = await api.credits(KEY);
    const jobCount = async () => (await api.control('GET', `/jobs?key=${KEY}`)).body.jobs.length;
    const jobsBefore = await jobCount();
    await api.control('POST', '/faults', { slowIntakeNext: 1, intakeDelayMs: 600 });
    await expect(generateGivingUpAfter(100, 'slow intake')).rejects.toThrow(/timeout|aborted/i);
    expect(await jobCount()).toBe(jobsBefore);
    expect(await api.credits(KEY)).toBe(before);
    await expect.poll(jobCount, { interval: 20 }).toBe(jobsBefore + 1);
    expect(await api.credits(KEY)).toBe(before - 10);
  });

  it('failNextJob: the next N jobs end in ERROR and are refunded; the one after completes', async () => {
    const before = await api.credits(KEY);
    await api.control('POST', '/faults', { failNextJob: 2 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await textToImage()).body.data.id as number);
    const statuses = [];
    for (const id of ids) statuses.push((await api.settle(id, KEY)).status);
    expect(statuses).toEqual(['ERROR', 'ERROR', 'COMPLETED']);
    expect(await api.credits(KEY)).toBe(before - 10);
  });

  it('job-reads-limited: the account’s job reads answer 429 until lifted or reset; other accounts read', async () => {
    const id = (await textToImage()).body.data.id as number;
    const otherId = (await textToImage(OTHER_KEY)).body.data.id as number;
    const limit = (limited: unknown) =>
      api.control('PUT', `/accounts/${KEY}/job-reads-limited`, { limited });
    expect((await limit('yes')).status).toBe(400);
    expect((await limit(true)).status).toBe(200);

    const refused = await api.get(`/v1/api/job/${id}`, KEY);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await api.get(`/v1/api/job/${otherId}`, OTHER_KEY)).status).toBe(200);
    expect((await api.control('GET', '/faults')).body.jobReadsLimitedCalls).toBe(1);

    await limit(false);
    expect((await api.get(`/v1/api/job/${id}`, KEY)).status).toBe(200);
    await limit(true);
    await api.control('DELETE', '/faults');
    expect((await api.get(`/v1/api/job/${id}`, KEY)).status).toBe(200);
  });

  it('job-reads-limited with retryAfterS: the 429 asks to wait that long, in its header and body', async () => {
    const id = (await textToImage()).body.data.id as number;
    const limit = (retryAfterS: unknown) =>
      api.control('PUT', `/accounts/${KEY}/job-reads-limited`, { limited: true, retryAfterS });
    expect((await limit(-1)).status).toBe(400);
    expect((await limit(7200)).status).toBe(200);

    const refused = await api.get(`/v1/api/job/${id}`, KEY);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('7200');
    expect(refused.body).toEqual({ error: 'Rate limit exceeded. Retry after 7200 seconds.' });
    await api.control('DELETE', '/faults');
  });

  it('reads, validates and resets the settings', async () => {
    const set = await api.control('POST', '/faults', { dropNextWebhook: 3, webhookDelayMs: 100 });
    expect(set.body).toMatchObject({ dropNextWebhook: 3, webhookDelayMs: 100, failNextJob: 0 });
    expect((await api.control('GET', '/faults')).body.dropNextWebhook).toBe(3);
    expect((await api.control('POST', '/faults', { explode: 1 })).status).toBe(400);
    expect((await api.control('POST', '/faults', { hangNext: -1 })).status).toBe(400);
    expect((await api.control('DELETE', '/faults')).body).toMatchObject({
      dropNextWebhook: 0,
      webhookDelayMs: 0,
    });
  });
});

describe('studio page', () => {
  it("shows the key's credits and a webhook form", async () => {
    await api.control('POST', '/accounts', { key: 'key-studio', credits: 321 });
    const page = await fetch(`${api.url}/__emulator/studio?key=key-studio`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<strong id="credits">321</strong>');
    expect(html).toContain('name="url"');
  });

  it('saving the form stores the webhook URL and sends the validation POST', async () => {
    await api.control('POST', '/accounts', { key: 'key-studio-2', credits: 0 });
    const receiver = await startWebhookReceiver();
    try {
      const saved = await fetch(`${api.url}/__emulator/studio`, {
        method: 'POST',
        body: new URLSearchParams({ key: 'key-studio-2', url: receiver.url }),
        redirect: 'manual',
      });
      expect(saved.status).toBe(303);
      expect(saved.headers.get('location')).toMatch(/notice=.*acknowledged/);
      const [validation] = await receiver.waitFor(1);
      expect(validation!.body).toMatchObject({ test: true });
      expect((await api.control('GET', '/accounts/key-studio-2')).body.webhookUrl).toBe(
        receiver.url,
      );
    } finally {
      await receiver.close();
    }
  });

  it('answers 404 for an unknown key', async () => {
    expect((await fetch(`${api.url}/__emulator/studio?key=nobody`)).status).toBe(404);
  });
});

describe('command line', () => {
  it('starts with the flags, prints its URL, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [
        'emulators/productai/cli.ts',
        '--port',
        String(port),
        '--account',
        'cli-key=42',
        '--account',
        'k2=7',
        '--job-ms',
        '50',
        '--rate-limit-per-min',
        '2',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const [line] = (await once(child.stdout!, 'data')) as [Buffer];
      expect(line.toString()).toContain(`http://127.0.0.1:${port}`);
      const account = await fetch(`http://127.0.0.1:${port}/__emulator/accounts/cli-key`);
      expect(((await account.json()) as { credits: number }).credits).toBe(42);
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`http://127.0.0.1:${port}/v1/api/generate`, {
          method: 'POST',
          headers: { 'x-api-key': 'k2' },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('exits 2 with a message on a malformed flag', async () => {
    const child = spawn(
      process.execPath,
      ['emulators/productai/cli.ts', '--account', 'no-credits'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain('KEY=CREDITS');
  });
});
