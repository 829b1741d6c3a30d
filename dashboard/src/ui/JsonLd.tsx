/**
 * Structured data for search engines (schema.org JSON-LD), rendered into the pre-rendered HTML and kept identical on
 * hydration. "<" is escaped so no text can close the script element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
