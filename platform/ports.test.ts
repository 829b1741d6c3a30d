import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertPortFree, freePort } from './ports';

describe('freePort', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hands out distinct ports below the ephemeral range that a server can bind', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    expect(new Set(ports).size).toBe(50);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
    }
    await assertPortFree(ports[0]!, 'a test server', 'TEST_PORT');
  });

  it('never hands the same port to two concurrent callers that pick it', async () => {
    // Both callers' first pick is the same port; later picks are random again.
    vi.spyOn(Math, 'random').mockReturnValueOnce(0.123456).mockReturnValueOnce(0.123456);
    const ports = await Promise.all([freePort(), freePort()]);
    expect(ports[0]).not.toBe(ports[1]);
  });

  it('assertPortFree names a port something already listens on', async () => {
    const taken = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(taken, '127.0.0.1', resolve));
    try {
      await expect(assertPortFree(taken, 'a test server', 'TEST_PORT')).rejects.toThrow(
        `Port ${taken} (a test server) is already in use`,
      );
    } finally {
      server.close();
    }
  });
});
