/**
 * The platform's own settings (what any process of the app needs, whatever it does): the
 * environment it runs in, its Redis, the key of secrets at rest, where it listens, whom it
 * trusts as proxies, its logs, metrics and shutdown. Shopify's settings are in
 * src/shopify/config.ts, ProductAI's in src/productai/config.ts, the pipeline's in
 * src/pipeline/config-from-env.ts; src/app/config.ts reads them all at once (src/platform/env.ts).
 */
import { z } from 'zod';
import { envSection, milliseconds, port, required } from './env.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Express's `trust proxy`: off unless configured, because trusting X-Forwarded-For without a
 * proxy in front would let anyone claim to be ProductAI's webhook address.
 * Accepts false/true, a hop count, or a list of addresses/subnets (`loopback, 10.0.0.0/8`).
 */
const MAX_PROXY_HOPS = 5;

const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false' || lower === 'off' || lower === '0') return false;
    if (lower === 'true' || lower === 'on') return true;
    if (/^\d+$/.test(lower)) {
      // The proxies in front of the app (docs/operations.md, The proxy chain): nginx, a TLS terminator, a
      // CDN. More than a few is a typo, and would let clients choose their address.
      if (Number(lower) > MAX_PROXY_HOPS) {
        ctx.addIssue({
          code: 'custom',
          message: `must count the proxies in front of the app (at most ${MAX_PROXY_HOPS}), not ${lower}`,
        });
        return z.NEVER;
      }
      return Number(lower);
    }
    const list = lower.split(/[\s,]+/).filter(Boolean);
    if (list.some((item) => !/^[0-9a-f:./]+$|^(loopback|linklocal|uniquelocal)$/.test(item))) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be false, true, a hop count, or a list of addresses/subnets',
      });
      return z.NEVER;
    }
    return list;
  });

const encryptionKey = required.transform((value, ctx) => {
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== value.replace(/=+$/, '')) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
    });
    return z.NEVER;
  }
  return key;
});

const PlatformEnv = z.object({
  // Production unless said otherwise: a forgotten NODE_ENV must not let development tools in.
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  REDIS_URL: required.refine(
    (value) => /^rediss?:\/\/[^\s]+$/.test(value),
    'must be a redis:// or rediss:// URL',
  ),
  ENCRYPTION_KEY: encryptionKey,
  PORT: port.default(3000),
  WORKER_HEALTH_PORT: port.default(3001),
  // Below the web process's 0, so a click answers first on a host both share
  // (process-priority.ts): the product check's thread alone takes about 0.65 of a core.
  WORKER_NICENESS: z.coerce
    .number('must be a niceness from 0 to 19')
    .int('must be a niceness from 0 to 19')
    .min(0, 'must be a niceness from 0 to 19')
    .max(19, 'must be a niceness from 0 to 19')
    .default(10),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  // Long enough that guessing is hopeless; Prometheus sends it as `Authorization: Bearer`.
  METRICS_TOKEN: z.string().trim().min(24, 'must be at least 24 characters').optional(),
  // Prometheus's exporters' conventional range (9464: OpenTelemetry's Prometheus exporter).
  METRICS_PORT: port.default(9464),
  // Below the 30 s a platform usually waits between SIGTERM and SIGKILL (Kubernetes' default
  // grace period, compose.yaml's stop_grace_period), leaving room to close Redis after the drain.
  SHUTDOWN_TIMEOUT_MS: milliseconds.default(25_000),
});

export interface PlatformConfig {
  env: 'production' | 'development' | 'test';
  redisUrl: string;
  /** 32-byte AES-256-GCM key for secrets at rest. */
  encryptionKey: Buffer;
  http: {
    port: number;
    host: string;
    trustProxy: boolean | number | string[];
    /** How long a stopping process (web or worker) may drain before it gives up and exits. */
    shutdownTimeoutMs: number;
  };
  worker: {
    /** The worker process's /livez and /readyz port (on `http.host`). */
    healthPort: number;
    /** The worker process's CPU niceness (0-19), above the web process's 0. */
    niceness: number;
  };
  logLevel: (typeof LOG_LEVELS)[number];
  /** Prometheus metrics on their own port, behind a bearer token; off without a token. */
  metrics: { token: string | null; port: number };
}

export const platformEnv = envSection({
  schema: PlatformEnv,
  problems: (present, { production }) =>
    // `true` believes every X-Forwarded-For hop, so any client could claim ProductAI's webhook
    // address; behind a proxy, its hop count or addresses say exactly whom to believe.
    production && ['true', 'on'].includes(present.TRUST_PROXY?.trim().toLowerCase() ?? '')
      ? [
          'TRUST_PROXY=true is not allowed in production: it lets any client choose its address with X-Forwarded-For; set the number of proxies in front of the app (e.g. 1) or their addresses',
        ]
      : [],
  build: (e): PlatformConfig => ({
    env: e.NODE_ENV,
    redisUrl: e.REDIS_URL,
    encryptionKey: e.ENCRYPTION_KEY,
    http: {
      port: e.PORT,
      host: e.HOST,
      trustProxy: e.TRUST_PROXY,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    worker: { healthPort: e.WORKER_HEALTH_PORT, niceness: e.WORKER_NICENESS },
    logLevel: e.LOG_LEVEL,
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT },
  }),
});
