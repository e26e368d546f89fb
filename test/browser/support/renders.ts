/**
 * What React renders in each commit of the app's document, read through React's DevTools hook
 * (which React calls in production builds too): per commit, the count of host elements by tag
 * whose props are a new object since the last commit. A memoized component that bailed out
 * keeps its elements' props, so a row's `<time>` (Activity's "2 minutes ago") or a result's
 * `<figure>` counts only where its component rendered. (A `<tr>` is Polaris's, rendered again
 * with its table's context whatever the row.)
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

/** Per commit: host elements rendered, by tag. */
export type Commit = Record<string, number>;

/** Runs in every frame before its scripts: React finds the hook when it loads. */
function countRenders(): void {
  const HOST_COMPONENT = 5;
  const commits: Record<string, number>[] = [];
  const seen = new WeakMap<object, unknown>();
  (window as unknown as { __renders: Record<string, number>[] }).__renders = commits;
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
      const rendered: Record<string, number> = {};
      const stack: Fiber[] = [root.current];
      while (stack.length > 0) {
        const fiber = stack.pop()!;
        if (fiber.tag === HOST_COMPONENT && typeof fiber.type === 'string' && fiber.stateNode) {
          const node = fiber.stateNode as object;
          if (seen.get(node) !== fiber.memoizedProps) {
            rendered[fiber.type] = (rendered[fiber.type] ?? 0) + 1;
          }
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
export async function recordRenders(admin: AdminPage): Promise<void> {
  await admin.page.context().addInitScript(countRenders);
}

/** What React rendered in each commit of the app's document so far. */
export function renders(frame: Frame): Promise<Commit[]> {
  return frame.evaluate(() => (window as unknown as { __renders: Commit[] }).__renders);
}

/**
 * Marks the app document's next click: `clickCommit` then reads the commit React made for it
 * (the click's own, synchronous one: a transition or a poll commits in a later task).
 */
export async function markNextClick(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    const page = window as unknown as { __renders: Commit[]; __clickAt?: number };
    delete page.__clickAt;
    document.addEventListener('click', () => (page.__clickAt = page.__renders.length), {
      capture: true,
      once: true,
    });
  });
}

/** What the marked click's commit rendered, by tag (undefined until it has committed). */
export function clickCommit(frame: Frame): Promise<Commit | undefined> {
  return frame.evaluate(() => {
    const page = window as unknown as { __renders: Commit[]; __clickAt?: number };
    return page.__clickAt === undefined ? undefined : page.__renders[page.__clickAt];
  });
}
