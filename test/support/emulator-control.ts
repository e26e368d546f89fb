/**
 * The one way a test reaches an emulator's control surface (`/__emulator/…` on the Shopify and
 * the ProductAI emulators): `control(method, path, body?)` answers the JSON the emulator sends
 * back, and throws naming the path on any other status, so a setup step that failed never passes
 * for one that worked. A call that is not a read sends `body`, or `{}` without one (the
 * emulators' JSON routes read a body).
 */
export type EmulatorControl = (method: string, path: string, body?: unknown) => Promise<unknown>;

export function emulatorControlAt(emulatorUrl: string): EmulatorControl {
  return async (method, path, body) => {
    const reads = method === 'GET' || method === 'HEAD';
    const response = await fetch(`${emulatorUrl}/__emulator${path}`, {
      method,
      ...(reads
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }),
    });
    if (!response.ok) {
      throw new Error(`emulator ${method} ${path}: ${response.status} ${await response.text()}`);
    }
    return response.json();
  };
}
