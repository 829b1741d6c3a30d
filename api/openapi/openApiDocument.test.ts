import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { apiRoutes } from '../app';

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  requestBody?: unknown;
  parameters?: Array<{ name: string; in: string }>;
};

describe('GET /api/openapi.json: the contract generated from the routes’ zod schemas', () => {
  let t: TestApp;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };
  let adminCookie: string;

  beforeAll(async () => {
    t = await startTestApp();
    adminCookie = await signedInCookie(t, 'openapi-admin@example.com', 'admin');
    const res = await request(t.server).get('/api/openapi.json');
    expect(res.status).toBe(200);
    document = res.body;
  });
  afterAll(async () => t.close());

  it('lists every mounted route with its method, a success response and the error format', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const r of apiRoutes(t.deps)) {
      const operation = document.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(operation, `${r.method} ${r.path}`).toBeDefined();
      const statuses = Object.keys(operation!.responses);
      expect(
        statuses.some((s) => s.startsWith('2') || s.startsWith('3')),
        `${r.method} ${r.path} success`,
      ).toBe(true);
      if (r.access !== 'public') expect(operation!.responses['401'], `${r.method} ${r.path} 401`).toBeDefined();
      if (r.access === 'admin') expect(operation!.responses['403'], `${r.method} ${r.path} 403`).toBeDefined();
    }
  });

  it('documents request bodies and parameters from the same schemas the handlers parse', () => {
    const register = document.paths['/api/register']!.post!;
    expect(JSON.stringify(register.requestBody)).toContain('confirmPassword');
    const posts = document.paths['/api/stocks/{ticker}/posts']!.get!;
    expect(posts.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['path:ticker', 'query:limit']);
  });

  it('real responses of every parameterless GET satisfy the documented response schema', async () => {
    // The public API's routes take an API key, not the cookie (api/routes/publicApiRoutes.test.ts calls them with one).
    for (const r of apiRoutes(t.deps).filter(
      (route) => route.method === 'GET' && !route.path.includes(':') && route.access !== 'apiKey',
    )) {
      const res = await request(t.server).get(r.path).set('Cookie', adminCookie).redirects(0);
      const doc = r.doc.responses[res.status];
      expect(doc, `${r.path} answered ${res.status}, which is not documented`).toBeDefined();
      if (doc?.schema) {
        const parsed = doc.schema.safeParse(res.body);
        expect(parsed.success, `${r.path}: ${parsed.error?.message}`).toBe(true);
      }
    }
  });
});
