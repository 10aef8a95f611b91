import net from 'node:net';

/** Starts `server` on a free loopback port and gives the port. */
export async function listenOnLoopback(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
