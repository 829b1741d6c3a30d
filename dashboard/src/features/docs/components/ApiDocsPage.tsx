import type { ReactNode } from 'react';
import document from 'virtual:public-api-document';
import { SITE_URL, usePageMeta } from '../../../app/usePageMeta';
import { formatCount } from '../../../lib/format';

type Operation = NonNullable<(typeof document.paths)[string]['get']>;
type Schema = Operation['responses'][string] extends { content?: Record<string, { schema: infer S }> } ? S : never;

const TITLE = 'API documentation - StockPulse';
const DESCRIPTION =
  'Read StockPulse mentions, sentiment, trends and your alert outcomes from scripts and spreadsheets: authentication, limits, every endpoint with a curl example, errors.';

/** `/api/v1/stocks/{ticker}` filled with the example values, plus the example query. */
function exampleUrl(path: string, operation: Operation): string {
  const params = operation.parameters ?? [];
  const filled = params
    .filter((p) => p.in === 'path')
    .reduce((url, p) => url.replace(`{${p.name}}`, p.example ?? p.name), path);
  const query = new URLSearchParams(
    params.filter((p) => p.in === 'query' && p.example !== undefined).map((p) => [p.name, p.example!]),
  ).toString();
  return `${SITE_URL}${filled}${query ? `?${query}` : ''}`;
}

const curlOf = (url: string, needsKey: boolean) =>
  needsKey ? `curl -H "Authorization: Bearer $STOCKPULSE_API_KEY" \\\n  "${url}"` : `curl "${url}"`;

/** A parameter's accepted values, as a reader wants them: the enum, the type, the default. */
function describeSchema(schema: Schema): string {
  const values = Array.isArray(schema.enum)
    ? schema.enum.map(String).join(' | ')
    : Array.isArray(schema.type)
      ? schema.type.join(' | ')
      : (schema.type ?? 'string');
  const bounds = [
    schema.minimum !== undefined ? `from ${String(schema.minimum)}` : '',
    schema.maximum !== undefined ? `to ${String(schema.maximum)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return [values, bounds, schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : '']
    .filter(Boolean)
    .join(', ');
}

const anchorOf = (operation: Operation) => operation.operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A description from the document: its `backticked` spans as code (the only markup the document's texts use). */
function Described({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="font-mono text-sm">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Code({ label, children }: { label: string; children: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
    >
      <code>{children}</code>
    </pre>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="space-y-3 text-base leading-relaxed text-slate-700 dark:text-slate-300"
    >
      <h2 id={`${id}-heading`} className="text-2xl font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Endpoint({ path, operation }: { path: string; operation: Operation }) {
  const ok = operation.responses['200'];
  const json = ok?.content?.['application/json'];
  const csv = ok?.content?.['text/csv'];
  const needsKey = operation.security === undefined || operation.security.length > 0;
  const params = operation.parameters ?? [];
  return (
    <article
      id={anchorOf(operation)}
      aria-labelledby={`${anchorOf(operation)}-heading`}
      className="rounded-xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <h3
        id={`${anchorOf(operation)}-heading`}
        className="font-mono text-base font-semibold text-slate-900 dark:text-white"
      >
        GET {path}
      </h3>
      <p className="mt-2">
        <Described text={operation.summary} />
      </p>
      {params.length > 0 && (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Parameters of GET {path}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className="py-1 pr-3 font-semibold">
                Parameter
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                In
              </th>
              <th scope="col" className="py-1 font-semibold">
                Values
              </th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
              <tr key={`${p.in}-${p.name}`} className="border-b border-slate-100 dark:border-slate-900">
                <td className="py-1 pr-3 font-mono">
                  {p.name}
                  {p.required && <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(required)</span>}
                </td>
                <td className="py-1 pr-3">{p.in}</td>
                <td className="py-1">{describeSchema(p.schema)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h4 className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">Example</h4>
      <Code label={`curl example for GET ${path}`}>{curlOf(exampleUrl(path, operation), needsKey)}</Code>
      {json?.example !== undefined && (
        <>
          <h4 className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">Example answer</h4>
          <Code label={`Example answer of GET ${path}`}>{JSON.stringify(json.example, null, 2)}</Code>
        </>
      )}
      {csv?.schema.description && (
        <p className="mt-3 text-sm">
          Also as CSV: <Described text={csv.schema.description} />.
        </p>
      )}
    </article>
  );
}

/** /docs/api: the public API's reference, rendered at build time from its OpenAPI document (/api/v1/openapi.json). */
export function ApiDocsPage() {
  usePageMeta(TITLE, DESCRIPTION, { path: '/docs/api' });
  const limits = document['x-rate-limits'];
  const endpoints = Object.entries(document.paths).flatMap(([path, item]) =>
    item.get ? [{ path, operation: item.get }] : [],
  );
  const listOk = endpoints.find((e) => e.operation.responses['200']?.headers)?.operation.responses['200'];
  const problem = document.components.schemas.Problem.properties ?? {};
  return (
    <article className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          {document.info.title}
        </h1>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Version {document.info.version} · OpenAPI document:{' '}
          <a className="text-blue-700 underline dark:text-blue-300" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>
        </p>
        <p className="mt-6 text-base leading-relaxed text-slate-700 dark:text-slate-300">
          <Described text={document.info.description} />
        </p>
      </header>
      <nav
        aria-label="Contents"
        className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Contents</h2>
        <ul className="mt-3 space-y-1 text-sm">
          {[
            ['authentication', 'Authentication'],
            ['limits', 'Limits'],
            ['errors', 'Errors'],
            ['lists', 'Pages and CSV'],
          ].map(([id, title]) => (
            <li key={id}>
              <a className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-400" href={`#${id}`}>
                {title}
              </a>
            </li>
          ))}
          {endpoints.map(({ path, operation }) => (
            <li key={path}>
              <a
                className="font-mono text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
                href={`#${anchorOf(operation)}`}
              >
                GET {path}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 space-y-12">
        <Section id="authentication" title="Authentication">
          <p>
            <Described text={document.components.securitySchemes.apiKey.description} />. Keys are shown once when
            created; StockPulse keeps only a hash. Revoke a key in Settings and calls with it are refused at once (401).
            Keys read while your trial or Pro subscription lasts: after it ends they answer 402, and they are deleted
            with your account. Cookies are never read: a browser session does not open the API, and any origin may call
            it (CORS).
          </p>
          <Code label="curl example with a key">{curlOf(`${SITE_URL}/api/v1/trending`, true)}</Code>
        </Section>
        <Section id="limits" title="Limits">
          <p>
            Each key may make {formatCount(limits.perMinute)} requests a minute and {formatCount(limits.perDay)}{' '}
            requests a day; the day resets at {limits.dayResets}. Every answer to a call with a valid key carries these
            headers; past either allowance the answer is 429 with <code className="font-mono">Retry-After</code>{' '}
            (seconds).
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {Object.entries(listOk?.headers ?? {})
              .filter(([name]) => name.startsWith('RateLimit'))
              .map(([name, header]) => (
                <li key={name}>
                  <code className="font-mono">{name}</code>: <Described text={header.description} />
                </li>
              ))}
          </ul>
        </Section>
        <Section id="errors" title="Errors">
          <p>
            Errors are RFC 9457 problem details, <code className="font-mono">application/problem+json</code>:
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {Object.entries(problem).map(([name, schema]) => (
              <li key={name}>
                <code className="font-mono">{name}</code>
                {schema.description ? `: ${schema.description}` : ''}
              </li>
            ))}
          </ul>
          <p>
            401: no key, or a malformed, unknown or revoked one. 402: the key's subscription has ended. 403: the account
            is deactivated. 400: a parameter is wrong (the problem's <code className="font-mono">field</code> names it).
            404: unknown ticker. 429: allowance used up. 503: mention data is briefly unavailable; retry.
          </p>
          <Code label="Example problem">{JSON.stringify(document.components.examples.Problem.value, null, 2)}</Code>
        </Section>
        <Section id="lists" title="Pages and CSV">
          <p>
            Lists answer <code className="font-mono">{'{ data, nextCursor }'}</code>: pass{' '}
            <code className="font-mono">nextCursor</code> as <code className="font-mono">cursor</code> with the same
            other parameters for the next page (it is null on the last page, and the{' '}
            <code className="font-mono">Link</code> header holds the next page&apos;s URL). Every list and time series
            also answers CSV, one row per item with a header row, for{' '}
            <code className="font-mono">Accept: text/csv</code> or <code className="font-mono">?format=csv</code>.
          </p>
          <Code label="curl example for CSV">{`curl -H "Authorization: Bearer $STOCKPULSE_API_KEY" \\\n  "${SITE_URL}/api/v1/stocks?range=24hours&format=csv" -o stocks.csv`}</Code>
        </Section>
        <section aria-labelledby="endpoints-heading" className="space-y-6">
          <h2 id="endpoints-heading" className="text-2xl font-semibold text-slate-900 dark:text-white">
            Endpoints
          </h2>
          {endpoints.map(({ path, operation }) => (
            <Endpoint key={path} path={path} operation={operation} />
          ))}
        </section>
      </div>
    </article>
  );
}
