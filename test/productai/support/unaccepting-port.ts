/**
 * A port where TCP connections cannot complete, the only way to get a "timed out while
 * connecting" on loopback: a listener in a child process stopped with SIGSTOP (so it never
 * accepts), with a backlog of 1 (Node reads 0 as "default", 511) filled by filler connections
 * until one stays pending. A client's connect then waits for a SYN-ACK that never comes.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

const LISTENER = `
const server = require('node:net').createServer();
server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
  process.stdout.write(server.address().port + '\\n', () => process.kill(process.pid, 'SIGSTOP'));
});`;

export async function startUnacceptingPort(): Promise<{ url: string; close(): void }> {
  const child = spawn(process.execPath, ['-e', LISTENER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  const port = Number(String(chunk).trim());
  const fillers: Socket[] = [];
  // The kernel rounds the backlog up; fill until a connection stays pending.
  for (let connected = true; connected && fillers.length < 64;) {
    const filler = connect(port, '127.0.0.1').on('error', () => {});
    fillers.push(filler);
    connected = await Promise.race([
      once(filler, 'connect').then(() => true),
      new Promise<boolean>((resolve) => setTimeout(resolve, 200, false)),
    ]);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      for (const filler of fillers) filler.destroy();
      child.kill('SIGKILL');
    },
  };
}
