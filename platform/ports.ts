import net from 'node:net';
import { StartupError } from './startupError';

/** Binds the port for a moment: null when that worked, otherwise the error that refused it. */
const bindError = (port: number, host: string) =>
  new Promise<NodeJS.ErrnoException | null>((resolve) => {
    const server = net.createServer();
    server.once('error', resolve);
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });

/** Resolves when nothing listens on the port; otherwise a StartupError naming the port, its use and the variable that moves it. */
export async function assertPortFree(port: number, what: string, variable: string, host = '0.0.0.0'): Promise<void> {
  const err = await bindError(port, host);
  if (err?.code === 'EADDRINUSE')
    throw new StartupError(
      `Port ${port} (${what}) is already in use. Stop the other process or set ${variable} to a free port.`,
    );
  if (err) throw new StartupError(`Cannot bind port ${port} (${what}): ${err.message}`);
}

/**
 * Ports the OS hands out by itself (a bind to port 0, the local end of every outgoing connection, the Temporal dev
 * server's HTTP and metrics ports) come from its ephemeral range. A port taken from there can be handed to another socket
 * in the seconds before the process it was meant for binds it, so free ports are picked below that range instead.
 */
const PICK_FROM = 20_000;
const PICK_BELOW = 32_768;
/** Ports this process already handed out: a second caller never gets one the first has not bound yet. */
const handedOut = new Set<number>();

/** A free TCP port for a test or an ephemeral server, outside the OS's ephemeral range (see PICK_FROM). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const port = PICK_FROM + Math.floor(Math.random() * (PICK_BELOW - PICK_FROM));
    if (handedOut.has(port)) continue;
    // Claimed before the bind test: a concurrent caller that picks the same port moves on instead of testing it too.
    handedOut.add(port);
    if (!(await bindError(port, '0.0.0.0'))) return port;
    handedOut.delete(port);
  }
  throw new Error(`no free port between ${PICK_FROM} and ${PICK_BELOW}`);
}
