/**
 * Public-site figures in headless Chromium (playwright-core, like e2e/), against the product started exactly as
 * `npm start` does (fresh dashboard build, throw-away data directory, free ports):
 * - Largest Contentful Paint of the landing page on localhost (PerformanceObserver 'largest-contentful-paint',
 *   cold browser cache each time, median of 5; target < 1.5 s);
 * - the JavaScript each route makes the browser download, gzipped: entry + its static imports + the lazy chunks the
 *   route loads, as the browser requested them (landing target < 150 KB, dashboard target < 300 KB). The dashboard is
 *   also measured with a stock's detail chart open, which loads ECharts.
 *
 *   npx tsx bench/landing.ts
 *   import { benchLanding } from './landing'   (bench/run.ts)
 */
import { figure, type Figure } from './figures';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { startProductProcess } from '../tests/support/productProcess';
import { projectRoot } from '../platform/temporalCli';

export interface RouteJavaScript {
  /** Gzipped bytes (zlib level 9, as the build reports) of every script the route loaded. */
  gzipBytes: number;
  files: number;
}

export interface LandingBenchResult {
  lcpMs: number[];
  lcpMedianMs: number;
  landing: RouteJavaScript;
  dashboard: RouteJavaScript;
  /** null when no stock card appeared in time to open one. */
  dashboardWithDetail: RouteJavaScript | null;
}

const ADMIN_EMAIL = 'admin@bench.test';
const ADMIN_PASSWORD = 'bench-admin-password';

/** Records every script response of a page; the sum is what the route costs. */
function scriptRecorder(page: Page): { settle: () => Promise<RouteJavaScript> } {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok() && !bodies.has(response.url()))
      bodies.set(response.url(), response.body());
  });
  return {
    async settle() {
      const buffers = await Promise.all(bodies.values());
      return {
        gzipBytes: buffers.reduce((sum, b) => sum + zlib.gzipSync(b, { level: 9 }).length, 0),
        files: buffers.length,
      };
    },
  };
}

async function largestContentfulPaint(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  // Runs in the page, as a string: this file is Node code and type-checks without the browser's DOM types.
  const lcp = await page.evaluate<number>(`new Promise((resolve) => {
    let last = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // Buffered entries arrive in the first callback; give it a frame to run.
    setTimeout(() => resolve(last), 250);
  })`);
  await page.close();
  return lcp;
}

export async function benchLanding(): Promise<LandingBenchResult> {
  execFileSync(
    path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
    [path.join('scripts', 'build', 'buildDashboard.ts')],
    {
      cwd: projectRoot,
      stdio: 'inherit',
    },
  );
  const product = await startProductProcess({
    name: 'bench-landing',
    logFile: path.join(projectRoot, 'data', 'bench-landing.log'),
    env: { ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'error' },
  });
  const base = product.baseUrl;
  const browser = await launchBrowser().catch(async (err: unknown) => {
    await product.stop();
    throw err;
  });
  try {
    // Landing: one warm-up, then five cold loads (a new context has an empty cache).
    const lcpMs: number[] = [];
    for (let i = 0; i < 6; i++) {
      const context = await browser.newContext();
      const lcp = await largestContentfulPaint(context, `${base}/`);
      if (i > 0) lcpMs.push(lcp);
      await context.close();
    }

    const landingContext = await browser.newContext();
    const landingPage = await landingContext.newPage();
    const landingScripts = scriptRecorder(landingPage);
    await landingPage.goto(`${base}/`, { waitUntil: 'networkidle' });
    const landing = await landingScripts.settle();
    await landingContext.close();

    // Dashboard: signed in (the session cookie set through the API), opened directly with an empty cache.
    const context = await browser.newContext();
    const signIn = await context.request.post(`${base}/api/login`, {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: { origin: base },
    });
    if (!signIn.ok()) throw new Error(`bench sign-in failed: ${signIn.status()}`);
    const page = await context.newPage();
    const scripts = scriptRecorder(page);
    await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Trending Stocks', level: 2 }).waitFor({ timeout: 60_000 });
    const dashboard = await scripts.settle();
    let dashboardWithDetail: RouteJavaScript | null = null;
    const card = page.getByRole('button', { name: /, .*: show details$/ }).first();
    const appeared = await card.waitFor({ timeout: 90_000 }).then(
      () => true,
      () => false,
    );
    if (appeared) {
      await card.click();
      await page.getByRole('dialog').locator('[role="img"] canvas').first().waitFor({ timeout: 60_000 });
      dashboardWithDetail = await scripts.settle();
    }
    await context.close();

    const sorted = [...lcpMs].sort((a, b) => a - b);
    return { lcpMs, lcpMedianMs: sorted[Math.floor(sorted.length / 2)]!, landing, dashboard, dashboardWithDetail };
  } finally {
    await browser.close();
    await product.stop();
  }
}

export function reportLanding(r: LandingBenchResult): void {
  const kb = (js: RouteJavaScript) => `${(js.gzipBytes / 1024).toFixed(1)} KB gzipped in ${js.files} files`;
  console.log(
    `landing page LCP (headless Chromium, localhost, cold cache, median of ${r.lcpMs.length}): ${Math.round(r.lcpMedianMs)} ms ` +
      `(runs ${r.lcpMs.map(Math.round).join(', ')} ms) (target < 1,500 ms)`,
  );
  console.log(`landing route JavaScript: ${kb(r.landing)} (target < 150 KB)`);
  console.log(`dashboard route JavaScript: ${kb(r.dashboard)} (target < 300 KB)`);
  console.log(
    `dashboard with a stock's detail chart open (loads ECharts): ${r.dashboardWithDetail ? kb(r.dashboardWithDetail) : 'not measured (no stock card appeared within 90 s)'}`,
  );
}

export function landingFigures(r: LandingBenchResult): Figure[] {
  const kb = (js: RouteJavaScript) => Math.round((js.gzipBytes / 1024) * 10) / 10;
  return [
    figure('landing', 'landing page LCP (median)', Math.round(r.lcpMedianMs), 'ms', '< 1500'),
    figure('landing', 'landing route JavaScript (gzipped)', kb(r.landing), 'KB', '< 150'),
    figure('landing', 'dashboard route JavaScript (gzipped)', kb(r.dashboard), 'KB', '< 300'),
    ...(r.dashboardWithDetail
      ? [figure('landing', 'dashboard with a detail chart open (gzipped)', kb(r.dashboardWithDetail), 'KB')]
      : []),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  reportLanding(await benchLanding());
  process.exit(0);
}
