/**
 * Waits for a state a test cannot await as an event (work done in a worker, another process or
 * behind a poll): looks at `check` every `intervalMs` and resolves with its first answer that is
 * not `undefined`, `null`, `false` or `notYet(…)`, so a check may answer a boolean or the thing
 * it found. Past `deadlineMs` it throws, naming `what` and the last answer (for `notYet(seen)`,
 * what the check saw: a run's or a campaign's view says where it is stuck). The deadline is the
 * test's patience, never a duration the test depends on: pass a larger one where the machine's
 * load stretches the work (the suite runs at load 10-20).
 */
const NOT_YET = Symbol('not yet');

interface NotYet {
  [NOT_YET]: unknown;
}

/** A check's "not yet" that carries what it saw, for the timeout's message. */
export function notYet(seen: unknown): NotYet {
  return { [NOT_YET]: seen };
}

function isNotYet(answer: unknown): answer is NotYet {
  return typeof answer === 'object' && answer !== null && NOT_YET in answer;
}

export async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  { deadlineMs = 5_000, intervalMs = 25 }: { deadlineMs?: number; intervalMs?: number } = {},
): Promise<Exclude<T, undefined | null | false | NotYet>> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const answer = await check();
    const waiting = isNotYet(answer);
    if (!waiting && answer !== undefined && answer !== null && answer !== false) {
      return answer as Exclude<T, undefined | null | false | NotYet>;
    }
    if (Date.now() > deadline) {
      const last = waiting ? answer[NOT_YET] : answer;
      throw new Error(
        `timed out after ${deadlineMs} ms waiting for ${what} (last answer: ${JSON.stringify(last)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
