import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A free TCP port on 127.0.0.1, for a server that must be told its port before it starts
 * (a child process, Redis, a proxy).
 *
 * Why not `listen(0)`: the kernel takes that port from its ephemeral range, the same range every
 * outgoing connection's local port comes from. Between naming the port and the server binding it
 * (seconds, while emulators and processes start), any client socket on the machine may take it:
 * a clean-clone CI run failed so, `listen EADDRINUSE 127.0.0.1:43307`, with three test files
 * starting stacks side by side. A port below the ephemeral range is never handed out by the
 * kernel, so only another caller of this function can take it: ports are drawn at random from
 * about 17,000, checked by binding, and never named twice by one process.
 */
const LOWEST = 15_000;
const named = new Set<number>();

function readEphemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    const start = Number(low);
    return Number.isInteger(start) && start > LOWEST + 1_000 ? start : 32_768;
  } catch {
    return 32_768; // Linux's default; other systems read nothing there
  }
}

/** Read once: the range is the kernel's setting, not something a run changes. */
const EPHEMERAL_START = readEphemeralStart();

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (EPHEMERAL_START - LOWEST));
    if (named.has(port)) continue;
    if (await bindable(port)) {
      named.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${LOWEST} and ${EPHEMERAL_START} after 200 tries`);
}
