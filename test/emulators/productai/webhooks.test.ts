/**
 * Webhooks: the validation POST when a URL is saved, a delivery on every job completion
 * (`success` with image_url, `error` without), retries until HTTP 200, and the delivery faults.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  KEY,
  startApi,
  startWebhookReceiver,
  type Api,
  type WebhookReceiver,
} from './support/emulator.ts';
import { productImage, startImageHost, type HostedImages } from '../../support/product-images.ts';
import { until } from '../../support/until.ts';

let api: Api;
let host: HostedImages;
let image: string;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [api, host] = await Promise.all([
    startApi({ webhookSourceAddress: '127.0.0.2' }),
    startImageHost(),
  ]);
  image = host.serve('/product.png', await productImage('png', 200, 200));
});
afterAll(async () => {
  await Promise.all([api.close(), host.close()]);
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
  await api.control('DELETE', '/faults');
});
afterEach(() => receiver.close());

/** Saves the receiver as KEY's webhook and forgets the validation POST it got. */
async function subscribe(): Promise<void> {
  await api.control('PUT', `/accounts/${KEY}/webhook`, { url: receiver.url });
  await receiver.waitFor(1);
  receiver.received.length = 0;
}

async function completedJob(): Promise<Record<string, unknown>> {
  const { body } = await api.post('/v1/api/generate', {
    model: 'gpt-low',
    prompt: 'x',
    image_url: image,
  });
  return api.settle(body.data.id, KEY);
}

describe('validation POST when the webhook URL is saved', () => {
  it('is sent at once with the validator User-Agent, JSON, test: true and a message', async () => {
    const saved = await api.control('PUT', `/accounts/${KEY}/webhook`, { url: receiver.url });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      webhookUrl: receiver.url,
      validation: { delivered: true, status: 200, error: null },
    });
    const [validation] = await receiver.waitFor(1);
    expect(validation!.headers['user-agent']).toBe('ProductAI-Webhook-Validator/1.0');
    expect(validation!.headers['content-type']).toBe('application/json');
    expect(validation!.body).toEqual({
      test: true,
      message: expect.stringMatching(/webhook validation test/i),
    });
    expect((await api.control('GET', `/accounts/${KEY}`)).body.webhookUrl).toBe(receiver.url);
  });

  it("comes from the configured source address, like the service's static addresses", async () => {
    await api.control('PUT', `/accounts/${KEY}/webhook`, { url: receiver.url });
    const [validation] = await receiver.waitFor(1);
    expect(validation!.remoteAddress).toBe('127.0.0.2');
  });

  it('reports an endpoint that does not answer 200, and keeps the URL', async () => {
    receiver.status = 403;
    const saved = await api.control('PUT', `/accounts/${KEY}/webhook`, { url: receiver.url });
    expect(saved.body.validation).toEqual({ delivered: false, status: 403, error: null });
    expect((await api.control('GET', `/accounts/${KEY}`)).body.webhookUrl).toBe(receiver.url);
  });

  it('reports an unreachable endpoint', async () => {
    const saved = await api.control('PUT', `/accounts/${KEY}/webhook`, {
      url: 'http://127.0.0.1:1/hook',
    });
    expect(saved.body.validation).toMatchObject({
      delivered: false,
      status: null,
      error: expect.any(String),
    });
  });

  it('refuses a URL that is not http(s), and null removes the webhook', async () => {
    expect((await api.control('PUT', `/accounts/${KEY}/webhook`, { url: 'ftp://x' })).status).toBe(
      400,
    );
    const removed = await api.control('PUT', `/accounts/${KEY}/webhook`, { url: null });
    expect(removed.body).toEqual({ webhookUrl: null, validation: null });
    await completedJob();
    expect(receiver.received).toEqual([]);
  });
});

describe('result deliveries', () => {
  it('POSTs success with the result image_url and the job id as decimal text', async () => {
    await subscribe();
    const job = await completedJob();
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.body).toEqual({
      status: 'success',
      image_url: job.image_url,
      job_id: String(job.id),
    });
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['user-agent']).toBe('ProductAI-Webhook/1.0');
    expect(delivery!.remoteAddress).toBe('127.0.0.2');
  });

  it('POSTs error without image_url when the job fails', async () => {
    await subscribe();
    await api.control('POST', '/faults', { failNextJob: 1 });
    const job = await completedJob();
    expect(job.status).toBe('ERROR');
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.body).toEqual({ status: 'error', job_id: String(job.id) });
  });

  it('is sent for upscale and video jobs too', async () => {
    await subscribe();
    const upscale = await api.post('/v1/api/upscale', { image_url: image });
    const video = await api.post('/v1/api/generate-video', {
      model: 'seedance',
      prompt: 'x',
      resolution: '480p',
      duration: 4,
    });
    // A video is rendered (frames encoded): at load 35 that alone passed 30 s. Each delivery
    // follows its job's end, so the wait is for the jobs, as long as the test may take.
    const deliveries = await receiver.waitFor(2, 100_000);
    const ids = deliveries.map((d) => (d.body as { job_id: string }).job_id).sort();
    expect(ids).toEqual([String(upscale.body.data.id), String(video.body.data.id)].sort());
    const videoDelivery = deliveries.find(
      (d) => (d.body as { job_id: string }).job_id === String(video.body.data.id),
    );
    expect((videoDelivery!.body as { image_url: string }).image_url).toMatch(/\.mp4$/);
  }, 120_000);

  it('retries after a non-200 answer until acknowledged (a 204 is not an acknowledgement)', async () => {
    await subscribe();
    receiver.status = 204;
    await completedJob();
    await receiver.waitFor(2);
    receiver.status = 200;
    const deliveries = await receiver.waitFor(3);
    expect(new Set(deliveries.map((d) => JSON.stringify(d.body))).size).toBe(1);
    const attempts = (await api.control('GET', '/webhooks')).body.attempts.filter(
      (a: { kind: string; url: string }) => a.kind === 'result' && a.url === receiver.url,
    );
    expect(attempts.map((a: { attempt: number; status: number }) => [a.attempt, a.status])).toEqual(
      [
        [1, 204],
        [2, 204],
        [3, 200],
      ],
    );
  });

  it('gives up after 3 retries', async () => {
    await subscribe();
    receiver.status = 500;
    const job = await completedJob();
    // The emulator says when no delivery is left to come (no retry scheduled or under way).
    await until('the delivery given up', async () => {
      const { body } = await api.control('GET', '/webhooks');
      return !(receiver.url in (body as { pending: Record<string, number> }).pending);
    });
    // This job's (a job of an earlier test still running when the webhook URL changed, on a busy
    // machine, is delivered here too).
    const ours = receiver.received.filter(
      (delivery) => (delivery.body as { job_id: string }).job_id === String(job.id),
    );
    expect(ours).toHaveLength(4);
  });
});

describe('delivery faults', () => {
  it('dropNextWebhook: the next delivery never comes, the one after does', async () => {
    await subscribe();
    await api.control('POST', '/faults', { dropNextWebhook: 1 });
    await completedJob();
    const second = await completedJob();
    const [delivery] = await receiver.waitFor(1);
    expect((delivery!.body as { job_id: string }).job_id).toBe(String(second.id));
    expect(receiver.received).toHaveLength(1);
  });

  it('duplicateNextWebhook: the next delivery arrives twice', async () => {
    await subscribe();
    await api.control('POST', '/faults', { duplicateNextWebhook: 1 });
    const job = await completedJob();
    const deliveries = await receiver.waitFor(2);
    expect(deliveries.map((d) => d.body)).toEqual([
      { status: 'success', image_url: job.image_url, job_id: String(job.id) },
      { status: 'success', image_url: job.image_url, job_id: String(job.id) },
    ]);
  });

  it('webhookDelayMs: deliveries wait that long after the job completes', async () => {
    await subscribe();
    await api.control('POST', '/faults', { webhookDelayMs: 300 });
    await completedJob();
    const seenCompleted = Date.now();
    expect(receiver.received).toHaveLength(0);
    await receiver.waitFor(1);
    expect(Date.now() - seenCompleted).toBeGreaterThanOrEqual(200);
  });
});
