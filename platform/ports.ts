import net from 'node:net';
import { StartupError } from './startupError';

/** Resolves when nothing listens on the port; otherwise a StartupError naming the port, its use and the variable that moves it. */
export async function assertPortFree(port: number, what: string, variable: string, host = '0.0.0.0'): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `Port ${port} (${what}) is already in use. Stop the other process or set ${variable} to a free port.`,
          ),
        );
      } else {
        reject(new StartupError(`Cannot bind port ${port} (${what}): ${err.message}`));
      }
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  });
}

/** Asks the OS for a free TCP port (tests and ephemeral servers). */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
