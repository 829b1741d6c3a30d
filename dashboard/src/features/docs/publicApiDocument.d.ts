/** The public API's OpenAPI document, generated at build time (scripts/build/publicApiDocumentPlugin.ts). */
declare module 'virtual:public-api-document' {
  interface Schema {
    type?: string | string[];
    enum?: unknown[];
    default?: unknown;
    description?: string;
    properties?: Record<string, Schema>;
    anyOf?: Schema[];
    [key: string]: unknown;
  }
  interface Parameter {
    name: string;
    in: 'path' | 'query';
    required: boolean;
    schema: Schema;
    example?: string;
  }
  interface Response {
    description: string;
    headers?: Record<string, { description: string }>;
    content?: Record<string, { schema: Schema; example?: unknown }>;
  }
  interface Operation {
    summary: string;
    operationId: string;
    security?: unknown[];
    parameters?: Parameter[];
    responses: Record<string, Response>;
  }
  const document: {
    info: { title: string; version: string; description: string };
    paths: Record<string, { get?: Operation }>;
    components: {
      schemas: { Problem: Schema };
      examples: { Problem: { summary: string; value: unknown } };
      securitySchemes: { apiKey: { description: string } };
    };
    'x-rate-limits': { perMinute: number; perDay: number; dayResets: string };
  };
  export default document;
}
