/**
 * The app's configuration, read once at boot from the environment and validated with zod.
 * A bad deployment fails before it listens, with ONE error naming every missing or bad variable
 * (fixing them one restart at a time is how outages get long).
 */
import { isIP } from 'node:net';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const nonEmpty = z.string().trim().min(1, 'is required');

const httpUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }))
  .transform((url) => url.replace(/\/+$/, ''));

const commaList = z.string().transform((value) =>
  value
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean),
);

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

const encryptionKey = z
  .string()
  .trim()
  .min(1, 'is required')
  .transform((value, ctx) => {
    const key = Buffer.from(value, 'base64');
    if (
      key.length !== 32 ||
      key.toString('base64').replace(/=+$/, '') !== value.replace(/=+$/, '')
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
      });
      return z.NEVER;
    }
    return key;
  });

const port = z.coerce
  .number('must be a port number')
  .int('must be a port number')
  .min(0, 'must be a port number')
  .max(65535, 'must be a port number');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  SHOPIFY_API_KEY: nonEmpty,
  SHOPIFY_API_SECRET: nonEmpty,
  SHOPIFY_APP_URL: httpUrl,
  SCOPES: commaList.pipe(z.array(z.string()).min(1, 'must list at least one access scope')),
  REDIS_URL: z
    .string()
    .trim()
    .min(1, 'is required')
    .refine((value) => /^rediss?:\/\/[^\s]+$/.test(value), 'must be a redis:// or rediss:// URL'),
  ENCRYPTION_KEY: encryptionKey,
  PORT: port.default(3000),
  WORKER_HEALTH_PORT: port.default(3001),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SHOPIFY_ADMIN_URL_OVERRIDE: httpUrl.optional(),
  DEV_FRAME_ANCESTORS: commaList.optional(),
  APP_BRIDGE_SCRIPT_URL: httpUrl.default('https://cdn.shopify.com/shopifycloud/app-bridge.js'),
  PRODUCTAI_BASE_URL: httpUrl.default('https://api.productai.photo'),
  PRODUCTAI_WEBHOOK_ALLOWED_IPS: commaList
    .pipe(
      z
        .array(z.string().refine((item) => isIP(item) !== 0, 'must be a list of IP addresses'))
        .min(1, 'must list at least one IP address'),
    )
    .optional(),
  // http(s) origins result downloads may reach as they are (any scheme, any address).
  RESULT_DOWNLOAD_ORIGINS: commaList
    .pipe(
      z.array(
        z
          .url({ protocol: /^https?$/, error: 'must be a list of http(s) origins' })
          .transform((url) => new URL(url).origin),
      ),
    )
    .optional(),
  TRUST_PROXY: trustProxy.default(false),
  // Long enough that guessing is hopeless; Prometheus sends it as `Authorization: Bearer`.
  METRICS_TOKEN: z.string().trim().min(24, 'must be at least 24 characters').optional(),
  METRICS_PORT: z.coerce
    .number('must be a port number')
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65535, 'must be a port number')
    .default(9464),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number('must be a number of milliseconds')
    .int('must be a number of milliseconds')
    .positive('must be a number of milliseconds')
    .default(25_000),
});

/** Development tools a production deployment must not carry: the emulator route and the demo's
 * admin frame would send Admin traffic elsewhere or let another site frame the app. */
const DEVELOPMENT_ONLY = ['SHOPIFY_ADMIN_URL_OVERRIDE', 'DEV_FRAME_ANCESTORS'] as const;

/** Rules that only hold in production; checked apart from the schema so that they are reported
 * together with every other problem (zod skips object refinements once a field fails). */
function productionProblems(env: Record<string, string>): string[] {
  if ((env.NODE_ENV ?? 'production') !== 'production') return [];
  const problems = DEVELOPMENT_ONLY.filter((name) => env[name] !== undefined).map(
    (name) => `${name} is not allowed in production (NODE_ENV=production)`,
  );
  const appUrl = env.SHOPIFY_APP_URL;
  if (appUrl !== undefined && appUrl.startsWith('http://'))
    problems.push('SHOPIFY_APP_URL must be https in production');
  // `true` believes every X-Forwarded-For hop, so any client could claim ProductAI's webhook
  // address; behind a proxy, its hop count or addresses say exactly whom to believe.
  if (['true', 'on'].includes(env.TRUST_PROXY?.trim().toLowerCase() ?? ''))
    problems.push(
      'TRUST_PROXY=true is not allowed in production: it lets any client choose its address with X-Forwarded-For; set the number of proxies in front of the app (e.g. 1) or their addresses',
    );
  return problems;
}

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  shopify: {
    apiKey: string;
    apiSecret: string;
    appUrl: string;
    scopes: string[];
    /** Emulator base URL that `*.myshopify.com` traffic is routed to (development and tests). */
    adminUrlOverride: string | undefined;
  };
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
  };
  logLevel: (typeof LOG_LEVELS)[number];
  appHome: {
    appBridgeScriptUrl: string;
    /** Extra origins allowed to frame the app home (the demo's admin stand-in). */
    extraFrameAncestors: string[];
    /**
     * Origins the app home's CSP also allows for images, media and connections: outside
     * production the local stand-ins (the emulators serve product images and results over
     * http, the demo's admin frame); in production none (https only).
     */
    devOrigins: string[];
    /**
     * The share of app home page loads that report their Web Vitals (POST /api/web-vitals): a
     * quarter in production, where a p75 per page and day needs a few hundred reports, not
     * every merchant's every page; every load elsewhere, so the demo and tests see each one.
     */
    webVitalsSampleRate: number;
  };
  productAi: {
    baseUrl: string;
    webhookAllowedIps: string[];
    /**
     * Origins the result downloads may reach over http and at a private address
     * (src/platform/http/safe-fetch.ts): outside production the base URL's own (the emulator
     * on 127.0.0.1) and SHOPIFY_ADMIN_URL_OVERRIDE's (the product images the fidelity check
     * reads), plus RESULT_DOWNLOAD_ORIGINS; in production only those listed, so
     * a deployment allows none unless an operator writes it down.
     */
    resultDownloadOrigins: string[];
  };
  /** Prometheus metrics on their own port, behind a bearer token; off without a token. */
  metrics: { token: string | null; port: number };
}

/** Thrown by `loadConfig`; `problems` has one line per bad variable. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export interface ConfigDefaults {
  /**
   * The addresses ProductAI's webhooks come from, when PRODUCTAI_WEBHOOK_ALLOWED_IPS is not set
   * (src/productai/webhook.ts; the composition root passes them). Without any, none is accepted.
   */
  productAiWebhookSources?: readonly string[];
}

/** Validates the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  defaults: ConfigDefaults = {},
): AppConfig {
  // An empty value means "unset" (so `FOO=` in an env file falls back to the default).
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && value.trim() !== '') present[name] = value;
  const parsed = EnvSchema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '(environment)');
        return `${name} ${name in present ? issue.message : 'is required'}`;
      });
  problems.push(...productionProblems(present));
  if (!parsed.success || problems.length > 0) throw new ConfigError([...new Set(problems)]);
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    shopify: {
      apiKey: e.SHOPIFY_API_KEY,
      apiSecret: e.SHOPIFY_API_SECRET,
      appUrl: e.SHOPIFY_APP_URL,
      scopes: e.SCOPES,
      adminUrlOverride: e.SHOPIFY_ADMIN_URL_OVERRIDE,
    },
    redisUrl: e.REDIS_URL,
    encryptionKey: e.ENCRYPTION_KEY,
    http: {
      port: e.PORT,
      host: e.HOST,
      trustProxy: e.TRUST_PROXY,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    worker: { healthPort: e.WORKER_HEALTH_PORT },
    logLevel: e.LOG_LEVEL,
    appHome: {
      appBridgeScriptUrl: e.APP_BRIDGE_SCRIPT_URL,
      extraFrameAncestors: e.DEV_FRAME_ANCESTORS ?? [],
      devOrigins:
        e.NODE_ENV === 'production'
          ? []
          : [
              ...new Set([
                new URL(e.PRODUCTAI_BASE_URL).origin,
                ...(e.SHOPIFY_ADMIN_URL_OVERRIDE
                  ? [new URL(e.SHOPIFY_ADMIN_URL_OVERRIDE).origin]
                  : []),
                ...(e.DEV_FRAME_ANCESTORS ?? []),
              ]),
            ],
      webVitalsSampleRate: e.NODE_ENV === 'production' ? 0.25 : 1,
    },
    productAi: {
      baseUrl: e.PRODUCTAI_BASE_URL,
      webhookAllowedIps: e.PRODUCTAI_WEBHOOK_ALLOWED_IPS ?? [
        ...(defaults.productAiWebhookSources ?? []),
      ],
      resultDownloadOrigins: [
        ...new Set([
          ...(e.NODE_ENV === 'production' ? [] : [new URL(e.PRODUCTAI_BASE_URL).origin]),
          // The product images the fidelity check reads, where the Shopify emulator serves them
          // (a development-only variable, refused in production).
          ...(e.SHOPIFY_ADMIN_URL_OVERRIDE ? [new URL(e.SHOPIFY_ADMIN_URL_OVERRIDE).origin] : []),
          ...(e.RESULT_DOWNLOAD_ORIGINS ?? []),
        ]),
      ],
    },
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT },
  };
}
