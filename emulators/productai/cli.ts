/**
 * npm run emulator:productai -- --port P --account KEY=CREDITS (repeatable) --job-ms MS
 *   --rate-limit-per-min N --rate-limit-window-ms MS [--webhook-source-address A] [--public-url U]
 *   [--change-rate R --change-seed N]
 * Prints the emulator's URL and runs until SIGINT/SIGTERM, then closes cleanly.
 */
import { parseArgs } from 'node:util';
import { startProductAiEmulator, type ProductAiEmulatorOptions } from './index.ts';

function main(): Promise<void> | void {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      account: { type: 'string', multiple: true },
      'job-ms': { type: 'string' },
      'rate-limit-per-min': { type: 'string' },
      'rate-limit-window-ms': { type: 'string' },
      'webhook-source-address': { type: 'string' },
      'public-url': { type: 'string' },
      'no-loopback-fetch': { type: 'boolean' },
      'change-rate': { type: 'string' },
      'change-seed': { type: 'string' },
    },
  });
  const options: ProductAiEmulatorOptions = {};
  if (values.port !== undefined) options.port = count('--port', values.port);
  if (values['job-ms'] !== undefined) options.jobMs = count('--job-ms', values['job-ms']);
  if (values['rate-limit-per-min'] !== undefined) {
    options.rateLimitPerMin = count('--rate-limit-per-min', values['rate-limit-per-min']);
  }
  if (values['rate-limit-window-ms'] !== undefined) {
    options.rateLimitWindowMs = count('--rate-limit-window-ms', values['rate-limit-window-ms']);
  }
  if (values['webhook-source-address'])
    options.webhookSourceAddress = values['webhook-source-address'];
  if (values['public-url']) options.publicUrl = values['public-url'];
  if (values['no-loopback-fetch']) options.allowLoopbackFetch = false;
  if (values['change-rate'] !== undefined) {
    const rate = Number(values['change-rate']);
    if (!(rate >= 0 && rate <= 1)) {
      throw new Error(`--change-rate expects a share from 0 to 1, got ${values['change-rate']}`);
    }
    options.changeRate = rate;
  }
  if (values['change-seed'] !== undefined) {
    options.changeSeed = count('--change-seed', values['change-seed']);
  }
  options.accounts = Object.fromEntries(
    (values.account ?? []).map((pair) => {
      const at = pair.lastIndexOf('=');
      if (at <= 0) throw new Error(`--account expects KEY=CREDITS, got ${pair}`);
      return [pair.slice(0, at), count('--account credits', pair.slice(at + 1))];
    }),
  );
  return run(options);
}

async function run(options: ProductAiEmulatorOptions): Promise<void> {
  const emulator = await startProductAiEmulator(options);
  console.log(`ProductAI emulator listening on ${emulator.url}`);
  const stop = (signal: string) => {
    console.log(`${signal}: closing the ProductAI emulator`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

function count(flag: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`${flag} expects a non-negative integer, got ${text}`);
  return Number(text);
}

try {
  await main();
} catch (error) {
  console.error(`emulator:productai: ${(error as Error).message}`);
  process.exit(2);
}
