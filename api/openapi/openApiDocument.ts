import { z } from 'zod';
import { errorBodySchema } from '../../core/contracts/errors';
import { webhookBodySchema } from '../../core/contracts/webhooks';
import { DELIVERY_HEADER, SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS } from '../../core/webhooks/signature';
import type { RouteDefinition } from '../http/routeTable';

type JsonSchema = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: the message names the field',
  502: 'An upstream provider (SMTP, Stripe) refused or could not be reached',
  401: 'Not signed in ("Unauthorized")',
  403: 'Signed in without the access this route needs, or a cross-origin request',
  404: 'Not found',
  409: 'Conflict with existing data',
  413: 'Request body is too large',
  415: 'Unsupported content type or content encoding',
  421: 'Misdirected: the Host header names another site than this one',
  429: 'Rate limited: the message says when to retry',
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
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(r: RouteDefinition): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [location, shape] of [['path', r.doc.params], ['query', r.doc.query]] as const) {
    if (!shape) continue;
    const schema = toSchema(shape, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      list.push({ name, in: location, required: location === 'path' || (schema.required ?? []).includes(name), schema: property });
    }
  }
  return list;
}

/** The documented request body, whether the table parses it or the handler verifies it raw. */
const requestBody = (r: RouteDefinition) => r.doc.body ?? r.doc.signedBody;

function errorStatuses(r: RouteDefinition): number[] {
  // Every route answers 421 to a request addressed to another host (api/http/hostCheck.ts).
  const statuses = new Set<number>([...(r.doc.errors ?? []), 421]);
  if (requestBody(r) || r.doc.query || r.doc.params) statuses.add(400);
  // Any call that may carry a body is refused with 415 for a non-JSON one, and 413 when too large.
  if (requestBody(r) || r.method !== 'GET') [413, 415].forEach((s) => statuses.add(s));
  if (r.access !== 'public') statuses.add(401);
  if (r.access === 'admin' || r.method !== 'GET') statuses.add(403);
  return [...statuses].sort();
}

function operation(r: RouteDefinition): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(r.doc.responses)) {
    const contentType = response.contentType ?? 'application/json';
    responses[status] = {
      description: response.description,
      ...(response.schema ? { content: { [contentType]: { schema: toSchema(response.schema, 'output') } } } : {}),
    };
  }
  for (const status of errorStatuses(r)) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const params = parameters(r);
  const body = requestBody(r);
  return {
    summary: r.doc.summary,
    operationId: `${r.method.toLowerCase()}${openApiPath(r.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [r.access],
    ...(r.access === 'public' ? { security: [] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(body, 'input') } } } } : {}),
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

/** The API's OpenAPI 3.1 contract, generated from the routes' own zod schemas. */
export function buildOpenApiDocument(routes: RouteDefinition[], serverUrl?: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of routes) {
    const path = openApiPath(r.path);
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = operation(r);
  }
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
    ],
    paths,
    webhooks: { alertFired: alertWebhook },
    components: {
      schemas: { Error: toSchema(errorBodySchema, 'output') },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sp.sid', description: 'Session id, set by sign-in' },
        sessionSignature: { type: 'apiKey', in: 'cookie', name: 'sp.sid.sig', description: 'Signature of the session id, set with it' },
      },
    },
  };
}
