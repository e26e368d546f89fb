/**
 * Waits for a state a test cannot await as an event (work done in a worker, another process or
 * behind a poll): looks at `check` every `intervalMs` and resolves with its first answer that is
 * not `undefined`, `null` or `false`, so a check may answer a boolean or the thing it found.
 * Past `deadlineMs` it throws, naming `what` and the last answer. The deadline is the test's
 * patience, never a duration the test depends on: pass a larger one where the machine's load
 * stretches the work (the suite runs at load 10-20).
 */
export async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  { deadlineMs = 5_000, intervalMs = 25 }: { deadlineMs?: number; intervalMs?: number } = {},
): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const answer = await check();
    if (answer !== undefined && answer !== null && answer !== false) {
      return answer as Exclude<T, undefined | null | false>;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${deadlineMs} ms waiting for ${what} (last answer: ${JSON.stringify(answer)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
