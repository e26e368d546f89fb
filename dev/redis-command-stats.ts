/**
 * Redis's own count of the commands it ran (INFO commandstats), commands run inside scripts
 * included: what a benchmark or a test reads to say how many commands a step cost, on a Redis
 * of its own (every client of the server is counted).
 */
import type { Redis } from '../src/platform/redis/connection.ts';

/** Per command: calls and µs since the server started. */
export type CommandStats = ReadonlyMap<string, { calls: number; usec: number }>;

/** The server's command stats now, INFO itself left out (reading them is not the step's cost). */
export async function commandStats(redis: Redis): Promise<CommandStats> {
  const stats = new Map<string, { calls: number; usec: number }>();
  for (const match of (await redis.info('commandstats')).matchAll(
    /cmdstat_([^:]+):calls=(\d+),usec=(\d+)/g,
  )) {
    if (match[1] !== 'info') stats.set(match[1]!, { calls: +match[2]!, usec: +match[3]! });
  }
  return stats;
}

/** Commands run between two readings. */
export function commandsBetween(before: CommandStats, after: CommandStats): number {
  let calls = 0;
  for (const [name, stat] of after) calls += stat.calls - (before.get(name)?.calls ?? 0);
  return calls;
}
