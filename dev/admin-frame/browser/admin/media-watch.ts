/**
 * The product page's media frame shows the emulator's page, which cannot tell when the app adds
 * a photo. After an action closes, the admin page asks for the product's media every
 * POLL_MS (for WATCH_MS, long enough for a ProductAI job at the demo's pace, the publish and
 * Shopify's processing) and reloads the frame whenever they changed.
 */
const POLL_MS = 1_000;
const WATCH_MS = 180_000;

export function watchProductMedia(frame: HTMLIFrameElement, mediaUrl: string): () => void {
  let timer: number | undefined;
  let last: string | undefined;
  let until = 0;
  const poll = async () => {
    try {
      const media = await (await fetch(mediaUrl)).text();
      if (last !== undefined && media !== last) frame.contentWindow?.location.replace(frame.src);
      last = media;
    } catch {
      // The next poll tries again.
    }
    timer = Date.now() < until ? window.setTimeout(() => void poll(), POLL_MS) : undefined;
  };
  void poll(); // what the page opened with: a change from it reloads the frame
  return () => {
    until = Date.now() + WATCH_MS;
    if (timer === undefined) void poll();
  };
}
