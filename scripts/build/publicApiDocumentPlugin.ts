import type { Plugin } from 'vite';
import { buildPublicApiDocument } from '../../api/openapi/publicApiDocument';

/** What the dashboard imports to render /docs/api: the public API's OpenAPI document, generated at build time. */
export const PUBLIC_API_DOCUMENT_MODULE = 'virtual:public-api-document';
const resolved = `\0${PUBLIC_API_DOCUMENT_MODULE}`;

/**
 * A Vite plugin that serves the /api/v1 OpenAPI document (with the default allowance) as a module, so the docs page
 * is rendered from the same document GET /api/v1/openapi.json serves and can never drift from it.
 */
export function publicApiDocumentPlugin(): Plugin {
  return {
    name: 'stockpulse-public-api-document',
    resolveId: (id) => (id === PUBLIC_API_DOCUMENT_MODULE ? resolved : undefined),
    load: (id) => (id === resolved ? `export default ${JSON.stringify(buildPublicApiDocument())};` : undefined),
  };
}
