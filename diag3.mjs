import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.goto('http://127.0.0.1:3111/favicon.svg');
const r = await page.evaluate(async () => {
  const t = performance.now();
  const a = new AbortController();
  const p1 = fetch('/api/user', { signal: a.signal }).catch((e) => 'aborted');
  a.abort();
  const res = await Promise.race([fetch('/api/user').then((r) => r.text()), new Promise((r) => setTimeout(() => r('TIMEOUT'), 25000))]);
  return [res, Math.round(performance.now() - t)];
});
console.log(JSON.stringify(r));
await browser.close();
