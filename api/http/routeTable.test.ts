import Koa from 'koa';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enforceResponseContracts } from '../../tests/support/responseContract';
import type { SessionUser } from './access';
import { errorMiddleware } from './errorMiddleware';
import { jsonBodyParser } from './jsonBodyParser';
import { buildRouter, route, type RouteDefinition } from './routeTable';

const seen: unknown[] = [];
const itemParams = z.object({ id: z.string().regex(/^\d+$/, 'id must be digits') });
const pageQuery = z.object({ limit: z.coerce.number().int().min(1, 'limit must be at least 1').default(10) });
const renameBody = z.object({ name: z.string().min(1, 'name is required') });
const itemSchema = z.object({ id: z.string(), name: z.string(), limit: z.number(), by: z.string() });

const routes: RouteDefinition[] = [
  route(
    'PUT',
    '/api/items/:id',
    'user',
    async (ctx, input) => {
      seen.push(input);
      ctx.body = { id: input.params.id, name: input.body.name, limit: input.query.limit, by: input.user.id };
    },
    {
      summary: 'Rename',
      params: itemParams,
      query: pageQuery,
      body: renameBody,
      responses: { 200: { description: 'The item', schema: itemSchema } },
    },
  ),
  // Answers a body its declared schema rejects, and a status it does not document.
  route(
    'GET',
    '/api/drifted',
    'public',
    async (ctx) => {
      ctx.body = { id: 1, name: 'x' };
    },
    { summary: 'Drifted', responses: { 200: { description: 'The item', schema: itemSchema } } },
  ),
  route(
    'GET',
    '/api/undocumented-status',
    'public',
    async (ctx) => {
      ctx.status = 201;
      ctx.body = { id: '1', name: 'x', limit: 1, by: 'me' };
    },
    { summary: 'Created?', responses: { 200: { description: 'The item', schema: itemSchema } } },
  ),
];

function app(user?: SessionUser) {
  const koa = new Koa();
  koa.use(enforceResponseContracts(routes));
  koa.use(errorMiddleware);
  koa.use(jsonBodyParser());
  koa.use(async (ctx, next) => {
    ctx.state.user = user;
    await next();
  });
  koa.use(buildRouter(routes).routes());
  return koa.callback();
}

describe('the route table validates input once and holds answers to their contracts', () => {
  const signedIn = app({ id: 'u-1', role: 'user' });

  it('hands the handler the parsed params, query (coerced, defaults filled) and body, and the signed-in user', async () => {
    seen.length = 0;
    const res = await request(signedIn).put('/api/items/42?limit=3&extra=1').send({ name: 'Renamed', ignored: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: '42', name: 'Renamed', limit: 3, by: 'u-1' });
    expect(seen).toEqual([
      { params: { id: '42' }, query: { limit: 3 }, body: { name: 'Renamed' }, user: { id: 'u-1', role: 'user' } },
    ]);
    expect((await request(signedIn).put('/api/items/7').send({ name: 'n' })).body.limit).toBe(10);
  });

  it('answers bad params, query or body with 400 naming the field, without calling the handler', async () => {
    seen.length = 0;
    const cases: Array<[string, object, string, string]> = [
      ['/api/items/abc', { name: 'n' }, 'id', 'id must be digits'],
      ['/api/items/1?limit=0', { name: 'n' }, 'limit', 'limit must be at least 1'],
      ['/api/items/1', { name: '' }, 'name', 'name is required'],
    ];
    for (const [path, body, field, message] of cases) {
      const res = await request(signedIn).put(path).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    expect(seen).toEqual([]);
  });

  it('checks access before input: an anonymous call with bad input is 401', async () => {
    const res = await request(app()).put('/api/items/abc').send({});
    expect(res.status).toBe(401);
  });

  it('fails an answer whose body or status drifted from the declared contract', async () => {
    const drifted = await request(signedIn).get('/api/drifted');
    expect(drifted.status).toBe(500);
    expect(drifted.body.message).toMatch(/^GET \/api\/drifted answered outside its contract: id: .*; limit: .*; by: /);
    const created = await request(signedIn).get('/api/undocumented-status');
    expect(created.status).toBe(500);
    expect(created.body.message).toBe(
      'GET /api/undocumented-status answered outside its contract: status 201 is not among the documented 200',
    );
  });
});
