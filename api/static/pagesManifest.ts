/** Where `npm run build` writes the pre-rendered pages inside the build: a dot folder, which koa-static never serves as is. */
export const PAGES_DIR = '.pages';

/** dist/.pages/manifest.json: written by scripts/build/prerenderPages.ts, read by dashboardStatic to answer each path. */
export interface PagesManifest {
  /** URL path → file under .pages (200). */
  pages: Record<string, string>;
  /** File of the 404 page, sent with status 404 for every path that is neither a page nor an app path. */
  notFound: string;
  /** React Router path patterns of the browser-only pages, answered with the empty shell (index.html). */
  appPaths: string[];
}
