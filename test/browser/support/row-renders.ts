/**
 * How many of Activity's rows React renders in each commit of the app's document, read through
 * React's DevTools hook (which React calls in production builds too): a row's contents are
 * rendered when its `<time>` (the row's "2 minutes ago") has new props since the last commit; a
 * memoized row that bailed out keeps them. (Its `<tr>` is Polaris's, rendered again with the
 * table's context whatever the row.)
 */
import type { Frame } from 'playwright-core';
import type { AdminPage } from './browser.ts';

interface Fiber {
  tag: number;
  type: unknown;
  stateNode: unknown;
  memoizedProps: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
}

/** Runs in every frame before its scripts: React finds the hook when it loads. */
function countRowRenders(): void {
  const HOST_COMPONENT = 5;
  const commits: number[] = [];
  const seen = new WeakMap<object, unknown>();
  (window as unknown as { __rowRenders: number[] }).__rowRenders = commits;
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot(_renderer: number, root: { current: Fiber }) {
      let rendered = 0;
      const stack: Fiber[] = [root.current];
      while (stack.length > 0) {
        const fiber = stack.pop()!;
        if (fiber.tag === HOST_COMPONENT && fiber.type === 'time' && fiber.stateNode) {
          const node = fiber.stateNode as object;
          if (seen.get(node) !== fiber.memoizedProps) rendered += 1;
          seen.set(node, fiber.memoizedProps);
        }
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      commits.push(rendered);
    },
  };
}

/** Counts in every document the admin page opens from now on (call before `admin.open`). */
export async function recordRowRenders(admin: AdminPage): Promise<void> {
  await admin.page.context().addInitScript(countRowRenders);
}

/** Rows rendered in each commit of the app's document so far. */
export function rowRenders(frame: Frame): Promise<number[]> {
  return frame.evaluate(() => (window as unknown as { __rowRenders: number[] }).__rowRenders);
}
