import fs from 'node:fs';
import path from 'node:path';
import { PAGES_DIR, type PagesManifest } from '../../api/static/pagesManifest';
import { escapeHtml } from '../../core/text/escapeHtml';
import type { RenderedPage } from '../../core/contracts/prerender';

/** What the server entry (dashboard/src/entry-server.tsx) gives the pre-render step. */
export interface ServerEntry {
  PUBLIC_PATHS: readonly string[];
  NOT_FOUND_PATH: string;
  renderPage(path: string): Promise<RenderedPage>;
  appOnlyPaths(): string[];
}

/** The shell index.html with a page's head tags and its rendered markup inside #root. */
export function pageHtml(shell: string, page: RenderedPage): string {
  const { title, description, openGraph } = page.head;
  const setTag = (html: string, pattern: RegExp, tag: string) =>
    pattern.test(html) ? html.replace(pattern, tag) : html.replace('</head>', `  ${tag}\n  </head>`);
  const meta = (html: string, attribute: 'name' | 'property', key: string, value: string) =>
    setTag(
      html,
      new RegExp(`<meta\\s+${attribute}="${key}"[^>]*>`, 's'),
      `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`,
    );
  const dropMeta = (html: string, key: string) =>
    html.replace(new RegExp(`\\s*<meta\\s+property="${key}"[^>]*>`, 's'), '');

  let html = shell.replace(/<title>.*?<\/title>/s, `<title>${escapeHtml(title)}</title>`);
  if (description !== undefined) html = meta(html, 'name', 'description', description);
  if (openGraph) {
    html = meta(html, 'property', 'og:title', title);
    if (description !== undefined) html = meta(html, 'property', 'og:description', description);
    html = meta(html, 'property', 'og:type', openGraph.type);
    html = meta(html, 'property', 'og:url', openGraph.url);
    html = setTag(
      html,
      /<link\s+rel="canonical"[^>]*>/s,
      `<link rel="canonical" href="${escapeHtml(openGraph.url)}" />`,
    );
  } else {
    // Not a public page (the 404 page): keep it out of search results and link previews.
    for (const key of ['og:title', 'og:description', 'og:type', 'og:url']) html = dropMeta(html, key);
    html = meta(html, 'name', 'robots', 'noindex');
  }
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  return html.replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
}

/** Renders every public page and the 404 page into distDir/.pages, with the manifest the server reads. */
export async function prerenderPages(entry: ServerEntry, distDir: string): Promise<PagesManifest> {
  const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const outDir = path.join(distDir, PAGES_DIR);
  fs.rmSync(outDir, { recursive: true, force: true });
  const write = async (urlPath: string, file: string) => {
    const target = path.join(outDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, pageHtml(shell, await entry.renderPage(urlPath)));
  };
  const manifest: PagesManifest = { pages: {}, notFound: '404.html', appPaths: entry.appOnlyPaths() };
  for (const urlPath of entry.PUBLIC_PATHS) {
    const file = urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}.html`;
    await write(urlPath, file);
    manifest.pages[urlPath] = file;
  }
  await write(entry.NOT_FOUND_PATH, manifest.notFound);
  fs.writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}
