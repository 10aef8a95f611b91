import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenOnLoopback } from './loopback';

describe('listening on loopback', () => {
  it('gives the port the server listens on', async () => {
    const server = net.createServer();
    try {
      const port = await listenOnLoopback(server);
      const address = server.address();
      expect(typeof address === 'object' && address?.port).toBe(port);
      expect(port).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });

  it('rejects when the server fails before it listens', async () => {
    const server = net.createServer();
    const listening = listenOnLoopback(server);
    server.emit('error', new Error('no socket for you'));
    await expect(listening).rejects.toThrow('no socket for you');
    server.close();
  });
});
