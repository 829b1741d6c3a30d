import Koa from 'koa';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sendSharedJson } from './sharedJsonBody';

describe('sendSharedJson', () => {
  it('answers with the bytes and headers of an object body, and a new value with its own bytes', async () => {
    let value: object = [{ ticker: 'AAPL', name: 'Apple Inc. – “quoted” €' }];
    const plain = new Koa().use((ctx) => {
      ctx.body = value;
    });
    const shared = new Koa().use((ctx) => sendSharedJson(ctx, value));
    const expectSame = async () => {
      const [a, b] = await Promise.all([request(plain.callback()).get('/'), request(shared.callback()).get('/')]);
      expect(b.status).toBe(200);
      expect(b.text).toBe(a.text);
      expect(b.headers['content-type']).toBe(a.headers['content-type']);
      expect(b.headers['content-length']).toBe(a.headers['content-length']);
      return b.text;
    };
    expect(await expectSame()).toBe(JSON.stringify(value));
    await expectSame(); // served from the remembered bytes
    value = { ticker: 'MSFT' }; // the cache loaded a new value
    expect(await expectSame()).toBe('{"ticker":"MSFT"}');
  });
});
