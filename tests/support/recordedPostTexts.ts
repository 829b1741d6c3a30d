import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Recorded payloads that are about stocks (an X search for stock talk, a cashtag lookup); the rest are everyday posts. */
export const FINANCE_PAYLOADS: ReadonlySet<string> = new Set([
  'search-recent.stocks.2021-05-19.json',
  'tweets-lookup.cashtags.2023-01-05.json',
]);

/** The fields that hold a post's words in the recorded Reddit, X, YouTube, Instagram and TikTok responses. */
const TEXT_FIELDS = new Set(['text', 'title', 'selftext', 'body', 'textOriginal', 'caption', 'description']);

/**
 * Every distinct text of the recorded API responses in `dir` (one folder per platform, read in place), from the files
 * `include` keeps: the words real posts carry, with their emoji, other scripts, markup and lengths.
 */
export function recordedPostTexts(dir: string, include: (file: string) => boolean = () => true): string[] {
  const texts: string[] = [];
  const walk = (o: unknown): void => {
    if (Array.isArray(o)) o.forEach(walk);
    else if (o !== null && typeof o === 'object') {
      for (const [k, v] of Object.entries(o)) {
        if (typeof v === 'string' && TEXT_FIELDS.has(k)) texts.push(v);
        else walk(v);
      }
    }
  };
  for (const platform of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(path.join(dir, platform.name)).filter((f) => f.endsWith('.json') && include(f))) {
      walk(JSON.parse(readFileSync(path.join(dir, platform.name, file), 'utf8')));
    }
  }
  return [...new Set(texts)];
}
