import net from 'node:net';
import Koa from 'koa';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMiddleware } from './errorMiddleware';

/** A TCP listener that accepts connections and never answers: a Postgres too busy to finish a start-up in time. */
let silent: net.Server;
let port = 0;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as net.AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('a Postgres that does not answer its connect in time', () => {
  it('is answered 503 "temporarily unavailable", never 500', async () => {
    const app = new Koa();
    app.use(errorMiddleware);
    app.use(async () => {
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 200 });
      await client.connect();
    });
    const res = await request(app.callback()).post('/api/register');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'The database is temporarily unavailable. Try again in a moment.' });
  });
});
