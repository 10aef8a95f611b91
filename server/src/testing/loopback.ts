import { once } from 'node:events';
import net from 'node:net';

/** Starts `server` on a free loopback port and gives the port; a failure to listen rejects. */
export async function listenOnLoopback(server: net.Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  // `once` rejects if the server emits 'error' first.
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The server was given no port.');
  return address.port;
}

/** A free loopback port, as the system hands one out, for a process that listens on it later. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  const port = await listenOnLoopback(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}
