/**
 * The product's pages that e-mails, SMS and webhook bodies link to, under its public URL (PUBLIC_URL, else this
 * machine's port: platform/config.ts builds it once).
 */
export function appLinks(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return { base, dashboard: `${base}/dashboard`, alerts: `${base}/alerts`, subscribe: `${base}/subscribe` };
}

export type AppLinks = ReturnType<typeof appLinks>;
