import { expect } from 'vitest';
import type { AdminPage } from './browser.ts';
import type { Stack } from './stack.ts';

/**
 * The end of every browser test: a screenshot when it failed, then the checks that hold for all
 * (no app process stopped by itself, no console error nobody expected), then the page closes.
 */
export async function finishTest(
  admin: AdminPage | undefined,
  stack: Pick<Stack, 'stoppedProcesses'> | undefined,
  task: { name: string; result?: { state?: string } },
): Promise<void> {
  if (!admin) return;
  try {
    if (task.result?.state === 'fail') await admin.screenshot(`failed-${task.name}`);
    expect(stack?.stoppedProcesses() ?? []).toEqual([]);
    expect(admin.unexpectedConsoleErrors()).toEqual([]);
  } finally {
    await admin.close();
  }
}
