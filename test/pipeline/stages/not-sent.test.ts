/**
 * A submission that certainly never left: nothing listens at ProductAI's address, so the
 * connection is refused before any byte of the request is sent. ProductAI cannot have received
 * it or charged for it, so it is not uncertain: it goes back in line, is tried again later, and
 * reaches ProductAI exactly once when the service is back.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../dev/free-port.ts';
import { toGenerationView } from '../../../src/pipeline/generations/generation-view.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

const NOT_REACHED_NOTE = 'ProductAI could not be reached; trying again';

let h: PipelineHarness;
let port: number;
let service: Server | null = null;
const sockets = new Set<Socket>();

beforeAll(async () => {
  port = await freePort();
  h = await startPipelineHarness({
    productAiBaseUrl: `http://127.0.0.1:${port}`,
    // Tries far enough apart (0.3 s, 0.6 s, 1.2 s, ...) for the service to come back between them.
    config: { stages: { attempts: 6, backoffMs: 300 } },
  });
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => (service ? service.close(resolve) : resolve(undefined)));
});

/** ProductAI comes back at the app's address: a TCP relay on `port` to the emulator. */
function bringServiceBack(): Promise<Server> {
  const relay = createServer((socket) => {
    const upstream = connect(h.productAi.port, '127.0.0.1');
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on('close', () => sockets.delete(end));
    }
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  return new Promise((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(port, '127.0.0.1', () => resolve(relay));
  });
}

describe('ProductAI unreachable before the request left', () => {
  it('puts the generation back in line, never uncertain, and sends it once when ProductAI is back', async () => {
    const shop = await h.newShop();
    const generation = await shop.enqueue();

    await expect
      .poll(
        async () =>
          (await h.pipeline.generations.get(shop.shop, generation.id))?.transitions.some(
            (step) => step.note === NOT_REACHED_NOTE,
          ),
        { timeout: 10_000, interval: 25 },
      )
      .toBe(true);
    // Back in line, it says it waits for ProductAI to come back, not merely for its turn.
    const inLine = (await h.pipeline.generations.get(shop.shop, generation.id))!;
    expect(toGenerationView(inLine)).toMatchObject({
      state: 'queued',
      waitingFor: 'productai',
      reasonText: { code: 'waiting_productai_send' },
    });
    service = await bringServiceBack();

    const published = await shop.waitFor(generation.id, ['published', 'failed', 'uncertain']);
    expect(published.state).toBe('published');
    const states = published.transitions.map((step) => step.state);
    expect(states).not.toContain('uncertain');
    expect(states).not.toContain('failed');
    expect(published.transitions).toContainEqual(
      expect.objectContaining({ state: 'queued', note: NOT_REACHED_NOTE }),
    );
    expect(published.attempts.submit).toBeGreaterThanOrEqual(2);
    expect(toGenerationView(published).waitingFor).toBeNull();
    expect(await shop.jobs()).toHaveLength(1);
    expect(published.productAiJobId).toBe((await shop.jobs())[0]!.id);
  });
});
