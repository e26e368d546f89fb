/**
 * `shopify.webVitals.onReport(callback)`: the page's Web Vitals, measured in the app's own
 * document as the real App Bridge measures them, so the demo and the browser tests send real
 * figures through the app home's reporting. With PerformanceObserver (the `web-vitals` package
 * is not among the project's dependencies, and these five need a few lines each):
 *  - TTFB (the navigation's responseStart) and FCP (first-contentful-paint): reported as soon
 *    as the page has them;
 *  - LCP: the last largest-contentful-paint entry, final at the first click or key press (the
 *    browser stops looking then) or when the page is hidden;
 *  - CLS: the largest session window of layout shifts (gaps under 1 s, at most 5 s long) and
 *    INP: the longest interaction (Event Timing entries with an interactionId; the definition's
 *    98th percentile is the longest below 50 interactions): when the page is hidden.
 * Simplified: each metric is reported once a page load; what was measured before a callback
 * was registered is given to it when it is.
 */
interface Metric {
  id: string;
  name: string;
  value: number;
}
type Callback = ((report: { metrics: Metric[] }) => void | Promise<void>) | null;

/**
 * Calls `record` with each entry of `type` (earlier ones too), where the browser has it. The
 * answer takes the entries the browser has not handed over yet (it hands them over when idle):
 * a page closed right after a click has its interaction only then, as web-vitals takes them.
 */
function observe(
  type: string,
  record: (entry: PerformanceEntry) => void,
  options = {},
): () => void {
  if (!PerformanceObserver.supportedEntryTypes.includes(type)) return () => undefined;
  const observer = new PerformanceObserver((list) => list.getEntries().forEach(record));
  observer.observe({ type, buffered: true, ...options });
  return () => observer.takeRecords().forEach(record);
}

/** The largest session window of shifts: a new window after a 1 s gap or 5 s of window. */
function layoutShifts(): () => number {
  let largest = 0;
  let window = { sum: 0, first: -Infinity, last: -Infinity };
  const pending = observe('layout-shift', (entry) => {
    const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
    if (shift.hadRecentInput) return;
    const at = shift.startTime;
    if (at - window.last > 1000 || at - window.first > 5000)
      window = { sum: 0, first: at, last: at };
    window.sum += shift.value;
    window.last = at;
    largest = Math.max(largest, window.sum);
  });
  return () => {
    pending();
    return largest;
  };
}

/** The longest interaction so far (0 before the first). */
function interactions(): () => number {
  let longest = 0;
  const pending = observe(
    'event',
    (entry) => {
      const { interactionId, duration } = entry as PerformanceEntry & { interactionId?: number };
      if (interactionId) longest = Math.max(longest, duration);
    },
    { durationThreshold: 16 },
  );
  return () => {
    pending();
    return longest;
  };
}

export function createWebVitalsApi() {
  let callback: Callback = null;
  const waiting: Metric[] = [];
  const reported = new Set<string>();
  const report = (name: string, value: number) => {
    if (reported.has(name)) return;
    reported.add(name);
    const metric = { id: `${name}-${performance.timeOrigin}`, name, value };
    if (callback) void callback({ metrics: [metric] });
    else waiting.push(metric);
  };

  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation) report('TTFB', Math.max(0, navigation.responseStart));
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') report('FCP', entry.startTime);
  });
  let largestPaint: number | null = null;
  observe('largest-contentful-paint', (entry) => {
    largestPaint = entry.startTime;
  });
  const finalLargestPaint = () => {
    if (largestPaint !== null) report('LCP', largestPaint);
  };
  for (const input of ['pointerdown', 'keydown'])
    addEventListener(input, finalLargestPaint, { once: true, capture: true });
  const cls = layoutShifts();
  const inp = interactions();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    finalLargestPaint();
    report('CLS', cls());
    if (inp() > 0) report('INP', inp());
  });

  return {
    async onReport(next: Callback): Promise<void> {
      callback = next;
      if (next && waiting.length > 0) void next({ metrics: waiting.splice(0) });
    },
  };
}
