/**
 * The image's HEALTHCHECK: exits 0 when the process this container runs answers /livez. One image
 * runs either process, so it asks the web's port (PORT) and the worker's (WORKER_HEALTH_PORT);
 * only the running process listens, and a container runs one. Liveness, not readiness: a Redis
 * outage must not get every container restarted (readiness, /readyz, is for the load balancer).
 */
const ports = [process.env.PORT || '3000', process.env.WORKER_HEALTH_PORT || '3001'];
const TIMEOUT_MS = 2_000;

async function answers(port: string): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/livez`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

const results = await Promise.all(ports.map(answers));
process.exit(results.some(Boolean) ? 0 : 1);
