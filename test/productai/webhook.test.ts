import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../emulators/shared/listen.ts';
import {
  isAllowedWebhookSource,
  parseWebhookPayload,
  PRODUCTAI_WEBHOOK_SOURCES,
  WebhookPayloadError,
} from '../../src/productai/webhook.ts';
import { startTestEmulator } from './support/emulator.ts';
import { productAiControlAt } from '../support/productai-accounts.ts';

describe('parseWebhookPayload', () => {
  it('reads a success result, turning the decimal job_id into a number', () => {
    expect(
      parseWebhookPayload({
        status: 'success',
        image_url: 'https://cdn.example.com/r.png',
        job_id: '123',
      }),
    ).toEqual({
      type: 'result',
      status: 'success',
      jobId: 123,
      imageUrl: 'https://cdn.example.com/r.png',
    });
  });

  it('reads an error result, which has no image_url', () => {
    expect(parseWebhookPayload({ status: 'error', job_id: '7' })).toEqual({
      type: 'result',
      status: 'error',
      jobId: 7,
    });
  });

  it('reads the JSON text of a delivery as well as a parsed body', () => {
    expect(parseWebhookPayload('{"status":"error","job_id":"9"}')).toMatchObject({ jobId: 9 });
  });

  it('reads the validation POST', () => {
    const message = 'This is a webhook validation test from ProductAI';
    expect(parseWebhookPayload({ test: true, message })).toEqual({ type: 'validation', message });
  });

  it.each([
    ['not JSON', '{status', /not valid JSON/],
    ['an array', [], /must be a JSON object/],
    ['an unknown status', { status: 'done', job_id: '1' }, /status must be "success" or "error"/],
    ['a job_id that is not decimal text', { status: 'error', job_id: '12a' }, /job_id must be/],
    ['a missing job_id', { status: 'error' }, /job_id must be/],
    ['a zero job_id', { status: 'error', job_id: '0' }, /job_id must be/],
    ['a success without image_url', { status: 'success', job_id: '1' }, /must carry image_url/],
    [
      'a success with a non-http image_url',
      { status: 'success', job_id: '1', image_url: 'javascript:alert(1)' },
      /must carry image_url/,
    ],
  ])('rejects %s with a clear error', (_name, body, message) => {
    expect(() => parseWebhookPayload(body)).toThrow(WebhookPayloadError);
    expect(() => parseWebhookPayload(body)).toThrow(message);
  });
});

describe('isAllowedWebhookSource', () => {
  it('allows the two published addresses by default', () => {
    expect(PRODUCTAI_WEBHOOK_SOURCES).toEqual(['54.88.136.216', '54.84.188.199']);
    expect(isAllowedWebhookSource('54.88.136.216')).toBe(true);
    expect(isAllowedWebhookSource('54.84.188.199')).toBe(true);
  });

  it('allows an IPv4-mapped IPv6 form of an allowed address', () => {
    expect(isAllowedWebhookSource('::ffff:54.84.188.199')).toBe(true);
    expect(isAllowedWebhookSource('::FFFF:54.88.136.216')).toBe(true);
  });

  it('refuses any other address, and no address', () => {
    expect(isAllowedWebhookSource('54.88.136.217')).toBe(false);
    expect(isAllowedWebhookSource('::ffff:127.0.0.1')).toBe(false);
    expect(isAllowedWebhookSource(undefined)).toBe(false);
    expect(isAllowedWebhookSource('')).toBe(false);
  });

  it('uses a configured allowlist, e.g. loopback for the emulator', () => {
    expect(isAllowedWebhookSource('::ffff:127.0.0.1', ['127.0.0.1', '::1'])).toBe(true);
    expect(isAllowedWebhookSource('::1', ['127.0.0.1', '::1'])).toBe(true);
    expect(isAllowedWebhookSource('54.88.136.216', ['127.0.0.1'])).toBe(false);
  });
});

describe('deliveries from the emulator', () => {
  it('parse as the validation payload, then a result, from the configured source address', async () => {
    const received: { ip: string | undefined; body: string }[] = [];
    const receiver = await listenOnLoopback(
      createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          received.push({ ip: req.socket.remoteAddress, body });
          res.writeHead(200).end();
        });
      }),
    );
    const emulator = await startTestEmulator({
      accounts: { hooked: 100 },
      jobMs: 50,
      webhookSourceAddress: '127.0.0.2',
    });
    try {
      const webhookUrl = `${receiver.url}/hook`;
      await productAiControlAt(emulator.url)('PUT', '/accounts/hooked/webhook', {
        url: webhookUrl,
      });
      await emulator.faults({ failNextJob: 1 });
      const { id } = await emulator.client('hooked').generate({ model: 'gpt-2', prompt: 'p' });
      await expect.poll(() => received.length).toBe(2);

      const [validation, result] = received.map(({ body }) => parseWebhookPayload(body));
      expect(validation).toMatchObject({ type: 'validation', message: expect.any(String) });
      expect(result).toEqual({ type: 'result', status: 'error', jobId: id });
      for (const { ip } of received) {
        expect(isAllowedWebhookSource(ip, ['127.0.0.2'])).toBe(true);
        expect(isAllowedWebhookSource(ip)).toBe(false);
      }
    } finally {
      await emulator.close();
      await receiver.close();
    }
  });
});
