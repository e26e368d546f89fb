/**
 * What the merchant feels while working on a page: its layout shifts (Layout Instability API),
 * its interactions (Event Timing API) and its long tasks, recorded in the app's document from its first
 * script on, for the browser tests and the front-end bench.
 *
 * The admin frame runs the app in the admin's process, where Chromium never marks a shift as
 * `hadRecentInput` (six toggles' own shifts, 5-11 ms after the click, came without it), so the definition's 500 ms window after a click, key press or choice in the app is applied here;
 * a shift after an input in the admin (its resource picker) counts, as the merchant sees it.
 */
import type { Frame } from 'playwright-core';
import type { AdminPage } from './browser.ts';

export interface LayoutShift {
  value: number;
  /** Milliseconds since the last click, key press or choice in the app. */
  sinceInput: number;
  /** What moved and how far: each element's tag and the start of its text (or its class). */
  sources: string[];
}

export interface Interaction {
  /** The event that took longest for this interaction (`pointerup`, `keydown`, …). */
  name: string;
  /** From the input to the next frame painted after its handlers (what INP counts), in ms. */
  duration: number;
  /** What was clicked or had focus: tag and the start of its text. */
  target: string;
  /**
   * Its parts, in ms: waiting for the main thread (`delay`), the app's handlers with React's
   * synchronous render (`handlers`), then until the frame was painted (`toPaint`: other tasks,
   * style and layout on the main thread, the compositor's raster off it).
   */
  delay: number;
  handlers: number;
  toPaint: number;
}

export interface PageVitals {
  /** The session's CLS: every shift not within 500 ms of an input in the app. */
  cls: number;
  shifts: LayoutShift[];
  /** One per interaction (pointer or key), slowest first. */
  interactions: Interaction[];
  /**
   * The main thread's tasks over 50 ms (Long Tasks API), in ms, longest first. Long Animation
   * Frames would name their scripts, but Chromium reports none in the admin's cross-origin
   * iframe (a 200 ms loop there: none; long tasks: 202 ms).
   */
  longTasks: number[];
}

/** Runs in every frame before its scripts; only the app's document's records are read. */
function recordVitals(): void {
  interface Recorded {
    shifts: LayoutShift[];
    interactions: Map<number, Interaction>;
    longTasks: number[];
    lastInput: number;
  }
  const recorded: Recorded = {
    shifts: [],
    interactions: new Map(),
    longTasks: [],
    lastInput: -Infinity,
  };
  (window as unknown as { __vitals: Recorded }).__vitals = recorded;
  // A choice made in a select counts as its input: Playwright's selectOption sends no pointer
  // or key event, where the merchant's mouse or keyboard would.
  for (const type of ['pointerdown', 'keydown', 'change']) {
    document.addEventListener(type, () => (recorded.lastInput = performance.now()), true);
  }
  const describe = (node: Node | null | undefined): string => {
    if (!node) return '';
    const text = node.textContent?.trim().slice(0, 50) ?? '';
    const named = node instanceof Element && !text ? `.${node.classList[0] ?? ''}` : '';
    return `${node.nodeName.toLowerCase()}${named}${text ? ` "${text}"` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      startTime: number;
      value: number;
      sources: {
        node?: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }[];
    }[]) {
      recorded.shifts.push({
        value: entry.value,
        sinceInput: entry.startTime - recorded.lastInput,
        sources: entry.sources.map(
          (source) =>
            `${describe(source.node)} moved ${Math.round(source.currentRect.y - source.previousRect.y)} px down`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      interactionId: number;
      name: string;
      startTime: number;
      processingStart: number;
      processingEnd: number;
      duration: number;
      target: Node | null;
    }[]) {
      if (!entry.interactionId) continue;
      // One interaction's events (pointerdown, pointerup, click) share its frame: its handlers
      // are all of theirs, its delay the first one's, its duration the longest.
      const known = recorded.interactions.get(entry.interactionId);
      const handlers = (known?.handlers ?? 0) + entry.processingEnd - entry.processingStart;
      const longest = !known || entry.duration > known.duration ? entry : null;
      const duration = longest ? entry.duration : known!.duration;
      const delay = known?.delay ?? entry.processingStart - entry.startTime;
      recorded.interactions.set(entry.interactionId, {
        name: longest ? entry.name : known!.name,
        duration,
        target: longest ? describe(entry.target) : known!.target,
        delay,
        handlers,
        toPaint: duration - delay - handlers,
      });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) recorded.longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
}

/** Records in every document the admin page opens from now on (call before `admin.open`). */
export async function recordPageVitals(admin: AdminPage): Promise<void> {
  await admin.page.context().addInitScript(recordVitals);
}

/**
 * The app document's figures so far. Event Timing reports an interaction once its next frame is
 * painted; a frame is awaited first so the last click is in.
 */
export async function pageVitals(frame: Frame): Promise<PageVitals> {
  const { shifts, interactions, longTasks } = await frame.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const recorded = (
      window as unknown as {
        __vitals: {
          shifts: LayoutShift[];
          interactions: Map<number, Interaction>;
          longTasks: number[];
        };
      }
    ).__vitals;
    return {
      shifts: recorded.shifts,
      interactions: [...recorded.interactions.values()],
      longTasks: recorded.longTasks,
    };
  });
  const counted = shifts.filter((shift) => shift.sinceInput > 500);
  return {
    cls: counted.reduce((total, shift) => total + shift.value, 0),
    shifts: counted,
    interactions: interactions.sort((a, b) => b.duration - a.duration),
    longTasks: longTasks.sort((a, b) => b - a),
  };
}
