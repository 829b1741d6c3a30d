import { z } from 'zod';
import { errorBodySchema, problemDetailsSchema } from '../../core/contracts/errors';
import { csvColumns } from '../../core/contracts/publicApi';
import { isPublicApiPath } from '../http/publicApiPath';
import { webhookBodySchema } from '../../core/contracts/webhooks';
import {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
} from '../../domain/notifications/webhookSignature';
import type { RouteDefinition } from '../http/routeTable';

type JsonSchema = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: the message names the field',
  502: 'An upstream provider (SMTP, Stripe) refused or could not be reached',
  401: 'Not signed in ("Unauthorized"); on /api/v1: no API key, or a malformed, unknown or revoked one',
  402: "The API key's owner has no active trial or Pro subscription: the detail says why",
  403: 'Signed in without the access this route needs, or a cross-origin request',
  404: 'Not found',
  409: 'Conflict with existing data',
  413: 'Request body is too large',
  415: 'Unsupported content type or content encoding',
  421: 'Misdirected: the Host header names another site than this one',
  429: 'Rate limited: Retry-After says when to retry',
  503: 'A store or service this call needs is unavailable',
};

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // zod's e-mail check is its regex, which the schema carries as `pattern`; the generic `format: email` of other validators differs from it.
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === 'email' && jsonSchema.pattern) delete jsonSchema.format;
    },
  }) as JsonSchema;
  return rest;
};

/** `/api/stocks/:ticker/posts` → `/api/stocks/{ticker}/posts`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** What the document needs of a route: everything but its handler. */
export type DocumentedRoute = Pick<RouteDefinition, 'method' | 'path' | 'access' | 'doc'>;

function parameters(r: DocumentedRoute): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [location, shape, examples] of [
    ['path', r.doc.params, r.doc.examples?.params],
    ['query', r.doc.query, r.doc.examples?.query],
  ] as const) {
    if (!shape) continue;
    const schema = toSchema(shape, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const example = examples?.[name];
      list.push({
        name,
        in: location,
        required: location === 'path' || (schema.required ?? []).includes(name),
        schema: property,
        ...(example !== undefined ? { example } : {}),
      });
    }
  }
  return list;
}

/** The documented request body, whether the table parses it or the handler verifies it raw. */
const requestBody = (r: DocumentedRoute) => r.doc.body ?? r.doc.signedBody;

function errorStatuses(r: DocumentedRoute): number[] {
  // Every route answers 421 to a request addressed to another host (api/http/hostCheck.ts).
  const statuses = new Set<number>([...(r.doc.errors ?? []), 421]);
  // A key may be missing, bad or revoked (401), its owner deactivated (403) or unsubscribed (402), its allowance spent (429).
  if (r.access === 'apiKey') [401, 402, 403, 429].forEach((s) => statuses.add(s));
  if (requestBody(r) || r.doc.query || r.doc.params) statuses.add(400);
  // Any call that may carry a body is refused with 415 for a non-JSON one, and 413 when too large.
  if (requestBody(r) || r.method !== 'GET') [413, 415].forEach((s) => statuses.add(s));
  if (r.access !== 'public') statuses.add(401);
  if (r.access === 'admin' || r.method !== 'GET') statuses.add(403);
  return [...statuses].sort();
}

/** The RateLimit headers every counted /api/v1 answer carries. */
const RATE_LIMIT_HEADERS: JsonSchema = {
  'RateLimit-Limit': {
    description: 'Requests allowed in the window closest to running out',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': { description: 'Requests left in that window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until that window resets', schema: { type: 'integer' } },
  'RateLimit-Policy': {
    description: 'Both windows: `<per minute>;w=60, <per day>;w=86400`',
    schema: { type: 'string' },
  },
};

function operation(r: DocumentedRoute): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  const limited = r.access === 'apiKey';
  for (const [status, response] of Object.entries(r.doc.responses)) {
    const contentType = response.contentType ?? 'application/json';
    const content: JsonSchema = {};
    if (response.schema)
      content[contentType] = {
        schema: toSchema(response.schema, 'output'),
        ...(response.example !== undefined ? { example: response.example } : {}),
      };
    if (response.csvRow)
      content['text/csv'] = {
        schema: {
          type: 'string',
          description: `CSV with a header row; columns: ${csvColumns(response.csvRow).join(', ')}`,
        },
      };
    responses[status] = {
      description: response.description,
      ...(limited
        ? {
            headers: {
              ...RATE_LIMIT_HEADERS,
              ...(response.csvRow
                ? {
                    Link: {
                      description: 'The next page: `<url>; rel="next"` (absent on the last page)',
                      schema: { type: 'string' },
                    },
                  }
                : {}),
            },
          }
        : {}),
      ...(Object.keys(content).length > 0 ? { content } : {}),
    };
  }
  const problems = isPublicApiPath(r.path);
  for (const status of errorStatuses(r)) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      ...(status === 429 && limited
        ? {
            headers: {
              ...RATE_LIMIT_HEADERS,
              'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
            },
          }
        : {}),
      content: problems
        ? { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } }
        : { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const params = parameters(r);
  const body = requestBody(r);
  return {
    summary: r.doc.summary,
    operationId: `${r.method.toLowerCase()}${openApiPath(r.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [r.access],
    ...(r.access === 'public' ? { security: [] } : r.access === 'apiKey' ? { security: [{ apiKey: [] }] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(body, 'input') } } } }
      : {}),
    responses,
  };
}

/** What StockPulse POSTs to a user's webhook target when an alert fires (format json; slack and discord reshape it). */
const alertWebhook: JsonSchema = {
  post: {
    summary: 'An alert fired (or Send test was pressed)',
    description:
      `Signed: ${SIGNATURE_HEADER} is \`t=<unix seconds>,v1=<hex>\`, v1 being HMAC-SHA256 with your webhook secret over \`<t>.<raw body>\`. ` +
      `Refuse timestamps older than ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes. ${DELIVERY_HEADER} is the same on every attempt of one delivery: ` +
      'deliveries are at least once, so drop a key you have already handled. Answer 2xx; anything else is retried with back-off.',
    parameters: [
      { name: SIGNATURE_HEADER, in: 'header', required: true, schema: { type: 'string' } },
      { name: DELIVERY_HEADER, in: 'header', required: true, schema: { type: 'string' } },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: toSchema(webhookBodySchema, 'output') } } },
    responses: { '200': { description: 'Received (any 2xx)' } },
  },
};

/** The paths object of a set of routes. */
export function openApiPaths(routes: DocumentedRoute[]): Record<string, Record<string, JsonSchema>> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of routes) {
    const path = openApiPath(r.path);
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = operation(r);
  }
  return paths;
}

/** The API-key scheme of /api/v1 and the problem-details body of its errors. */
export const API_KEY_SECURITY_SCHEME: JsonSchema = {
  type: 'http',
  scheme: 'bearer',
  description: 'An API key from Settings → API keys: `Authorization: Bearer sp_live_…`',
};
export const problemSchema = (): JsonSchema => toSchema(problemDetailsSchema, 'output');

/** The API's OpenAPI 3.1 contract, generated from the routes' own zod schemas. */
export function buildOpenApiDocument(routes: RouteDefinition[], serverUrl?: string): JsonSchema {
  const paths = openApiPaths(routes);
  return {
    openapi: '3.1.0',
    info: {
      title: 'StockPulse API',
      version: '1.0.0',
      description:
        'Every /api route. Signed-in routes take the session cookies `sp.sid` and `sp.sid.sig` set by POST /api/login or /api/register. ' +
        'Errors are JSON `{message, field?, errors?}`; state-changing calls from another origin are refused with 403.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    // koa-session signs the session cookie: both cookies must be sent.
    security: [{ sessionCookie: [], sessionSignature: [] }],
    tags: [
      { name: 'public', description: 'No sign-in needed' },
      { name: 'user', description: 'Any signed-in, active user' },
      { name: 'admin', description: 'Admins only' },
      { name: 'apiKey', description: 'The public read API: an API key in the Authorization header, never a cookie' },
    ],
    paths,
    webhooks: { alertFired: alertWebhook },
    components: {
      schemas: { Error: toSchema(errorBodySchema, 'output'), Problem: problemSchema() },
      securitySchemes: {
        apiKey: API_KEY_SECURITY_SCHEME,
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sp.sid', description: 'Session id, set by sign-in' },
        sessionSignature: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sp.sid.sig',
          description: 'Signature of the session id, set with it',
        },
      },
    },
  };
}
