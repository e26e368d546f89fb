/** Polls `check` until it returns true (poll-until with a deadline, for hooks outside tests). */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  { timeoutMs = 10_000, intervalMs = 100 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
