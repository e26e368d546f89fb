/**
 * Liveness and readiness, the same for the web process (Express routes) and the worker (its own
 * small HTTP server), so one load-balancer or orchestrator configuration fits both:
 *  - `/livez`: the process answers. Failing it means "restart me"; it never looks at Redis, or a
 *    Redis outage would restart every process at once and fix nothing.
 *  - `/readyz`: the process can do its work: Redis answers within a second and it is not
 *    draining. Failing it means "send me no traffic" (take it out of rotation, do not restart).
 *  - `/healthz`: readiness under its older name, which the demo and existing probes use.
 * Readiness also warns (`warnings: ['redis_memory_high']`, still 200) when Redis uses more than
 * MEMORY_WARN_RATIO of its maxmemory: taking processes out of rotation would not free any, and
 * past 100 % Redis refuses every shop's writes, so it is a signal for the operator, not a verdict.
 */
import { MEMORY_WARN_RATIO, memoryRatio, readRedisMemory } from './redis/memory.ts';

export const HEALTH_PATHS = ['/livez', '/readyz', '/healthz'] as const;
export type HealthPath = (typeof HEALTH_PATHS)[number];

export interface HealthAnswer {
  status: 200 | 503;
  body: {
    status: 'ok' | 'draining' | 'degraded';
    redis?: 'ok' | 'down';
    /** Ready, but something needs the operator (redis_memory_high). */
    warnings?: string[];
    /** Redis's used ÷ maxmemory, when a maxmemory is set. */
    redisMemoryRatio?: number;
  };
}

export interface HealthDeps {
  redis: { ping(): Promise<unknown>; info?(section: 'memory'): Promise<string> };
  isDraining: () => boolean;
  /** How long readiness waits for Redis's PONG before it calls Redis down. */
  redisTimeoutMs?: number;
}

const REDIS_TIMEOUT_MS = 1_000;

export function isHealthPath(path: string): path is HealthPath {
  return (HEALTH_PATHS as readonly string[]).includes(path);
}

/** The answer to one of HEALTH_PATHS. */
export async function checkHealth(path: HealthPath, deps: HealthDeps): Promise<HealthAnswer> {
  if (path === '/livez') return { status: 200, body: { status: 'ok' } };
  if (deps.isDraining()) return { status: 503, body: { status: 'draining' } };
  const timeoutMs = deps.redisTimeoutMs ?? REDIS_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const redis = await Promise.race([
    deps.redis.ping().then(
      () => 'ok' as const,
      () => 'down' as const,
    ),
    new Promise<'down'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'down'))),
  ]).finally(() => clearTimeout(timer));
  if (redis !== 'ok') return { status: 503, body: { status: 'degraded', redis } };
  return { status: 200, body: { status: 'ok', redis, ...(await memoryWarning(deps)) } };
}

async function memoryWarning(deps: HealthDeps): Promise<Partial<HealthAnswer['body']>> {
  if (!deps.redis.info) return {};
  // Readiness answers even when INFO fails: PING already said Redis is there.
  const memory = await readRedisMemory({ info: deps.redis.info.bind(deps.redis) }).catch(
    () => null,
  );
  if (!memory || memory.maxBytes === 0) return {};
  const ratio = memoryRatio(memory);
  return {
    redisMemoryRatio: Math.round(ratio * 1000) / 1000,
    ...(ratio >= MEMORY_WARN_RATIO ? { warnings: ['redis_memory_high'] } : {}),
  };
}
