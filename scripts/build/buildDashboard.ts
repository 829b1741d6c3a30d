/**
 * `npm run build`: the dashboard's browser bundle (Vite), then its server entry (`vite build --ssr`), which renders
 * every public page and the 404 page to HTML in dashboard/dist/.pages. The server bundle is only a build tool and is
 * removed afterwards.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type LogLevel } from 'vite';
import { projectRoot } from '../../platform/temporalCli';
import { prerenderPages, type ServerEntry } from './prerenderPages';

const configFile = path.join(projectRoot, 'dashboard', 'vite.config.ts');
export const defaultDistDir = path.join(projectRoot, 'dashboard', 'dist');
// The config imports the project's TypeScript without file extensions, as the rest of the code does. Vite's module
// runner resolves those imports; its default loader bundles the config and warns that a future native loader will
// not.
const configLoader = 'runner';

export async function buildDashboard(options: { distDir?: string; logLevel?: LogLevel } = {}): Promise<void> {
  const distDir = options.distDir ?? defaultDistDir;
  const logLevel = options.logLevel ?? 'warn';
  await build({ configFile, configLoader, logLevel, build: { outDir: distDir, emptyOutDir: true } });
  // Inside the dashboard folder so the bundle's bare imports (react, react-router) resolve from node_modules.
  const ssrDir = path.join(projectRoot, 'dashboard', `.ssr-${process.pid}`);
  try {
    await build({
      configFile,
      configLoader,
      logLevel,
      build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
    });
    const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
    const manifest = await prerenderPages(entry, distDir);
    if (logLevel !== 'silent')
      console.log(`pre-rendered ${Object.keys(manifest.pages).length} public pages and the 404 page`);
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildDashboard().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
