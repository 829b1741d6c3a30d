import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Public sets label stance as positive / negative as often as bullish / bearish: the same classes here. */
const LABEL_NAMES: Readonly<Record<string, string>> = { positive: 'bullish', negative: 'bearish' };

/**
 * One labelled post of `<data>/sentiment/*.jsonl` (../shared/signal-data; see its README for sources and licences).
 * A line without an id is named by its line number.
 */
const LabelledLine = z.object({
  id: z.string().optional(),
  text: z.string(),
  label: z
    .string()
    .transform((l) => LABEL_NAMES[l.toLowerCase()] ?? l.toLowerCase())
    .pipe(z.enum(['bearish', 'neutral', 'bullish'])),
});
export type LabelledPost = z.infer<typeof LabelledLine> & { id: string; dataset: string };

export interface LabelledSet {
  /** File name without `.jsonl`, e.g. `stocktwits_selftag_amoooma_train`. */
  name: string;
  posts: LabelledPost[];
}

/** Crypto Reddit comments are another domain: a supplement, not a set the product is judged on. */
export const SUPPLEMENT_SETS: ReadonlySet<string> = new Set(['reddit_crypto_surgeai']);

/** Reads every labelled set under `<dataDir>/sentiment`, in file-name order; a bad line stops with its file and line. */
export function readLabelledSets(dataDir: string): LabelledSet[] {
  const dir = join(dataDir, 'sentiment');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .sort();
  } catch {
    throw new Error(
      `No labelled data at ${dir}: pass --data <folder that holds sentiment/*.jsonl>, e.g. ../shared/signal-data`,
    );
  }
  if (files.length === 0) throw new Error(`No *.jsonl files in ${dir}`);
  return files.map((file) => readLabelledFile(join(dir, file)));
}

/** The project's own labelled posts (`domain/signal/<file>`, e.g. labelledPosts.jsonl), written by the team. */
export const readProjectSet = (file: string): LabelledSet =>
  readLabelledFile(fileURLToPath(new URL(`../../domain/signal/${file}`, import.meta.url)));

/** One labelled JSONL file as a set named by the file; a bad line stops with its file and line. */
function readLabelledFile(path: string): LabelledSet {
  const file = basename(path);
  const name = file.replace(/\.jsonl$/, '');
  const posts = readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      if (line.trim() === '') return [];
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new Error(`${file}:${i + 1}: not a JSON object`);
      }
      const parsed = LabelledLine.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(
          `${file}:${i + 1}: ${issue ? `${issue.path.join('.') || 'line'}: ${issue.message}` : 'invalid line'}`,
        );
      }
      return [{ ...parsed.data, id: parsed.data.id ?? `${name}:${i + 1}`, dataset: name }];
    });
  return { name, posts };
}

/**
 * Labelled sets named on the command line: each a `.jsonl` file, or a folder whose `*.jsonl` files (or, as in
 * ../shared/signal-data, its `sentiment/*.jsonl` files) are read in name order.
 */
export function readLabelledPaths(paths: readonly string[]): LabelledSet[] {
  return paths.flatMap((p) => {
    if (!statSync(p, { throwIfNoEntry: false })?.isDirectory()) return [readLabelledFile(p)];
    const jsonl = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
        .map((f) => join(dir, f));
    const direct = jsonl(p);
    const files =
      direct.length > 0
        ? direct
        : statSync(join(p, 'sentiment'), { throwIfNoEntry: false })
          ? jsonl(join(p, 'sentiment'))
          : [];
    if (files.length === 0) throw new Error(`No *.jsonl files in ${p}`);
    return files.map(readLabelledFile);
  });
}

/**
 * A post's text as the shared data's README de-duplicates it (lower case, links removed, whitespace collapsed), so the
 * same post copied with another link or spacing is recognised.
 */
export const normalisedText = (text: string): string =>
  text
    .toLowerCase()
    .replace(/(?:https?:\/\/|www\.)\S+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The value of `--data <dir>` (default ../shared/signal-data). */
export function dataDirArg(argv: readonly string[]): string {
  const i = argv.indexOf('--data');
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : '../shared/signal-data';
}
