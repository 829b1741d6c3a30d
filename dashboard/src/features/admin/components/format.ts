/** Display helpers of the admin area. */

export const formatCount = (n: number) => n.toLocaleString('en-US');

export const formatMoney = (dollars: number) => `$${dollars.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** Spec §9: payment customer and subscription ids (and user ids) show their first 8 characters. */
export const truncateId = (id: string | null | undefined) => (id ? id.slice(0, 8) : null);

/** A date and time such as "Jan 5, 2026, 14:03", or null. */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
}

/** A duration such as "850 ms", "12.4 s" or "3 min 5 s". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}
