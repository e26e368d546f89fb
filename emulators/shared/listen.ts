/**
 * How both emulators (and the small servers their tests stand up) serve on 127.0.0.1: listen
 * (port 0 = a free one), learn the port the system gave, and close without waiting on the
 * connections a client keeps open.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  port: number;
  /** Stops accepting and resolves once the server has closed. */
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server, port = 0): Promise<Listening> {
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Held (hung) and keep-alive connections would keep close() waiting forever.
      server.closeAllConnections();
      return closed;
    },
  };
}
