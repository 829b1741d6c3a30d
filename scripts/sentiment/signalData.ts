import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** One labelled post of `<data>/sentiment/*.jsonl` (../shared/signal-data; see its README for sources and licences). */
const LabelledLine = z.object({
  id: z.string(),
  text: z.string(),
  label: z.enum(['bearish', 'neutral', 'bullish']),
});
export type LabelledPost = z.infer<typeof LabelledLine> & { dataset: string };

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
      const parsed = LabelledLine.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.issues[0]?.message ?? 'invalid line'}`);
      return [{ ...parsed.data, dataset: name }];
    });
  return { name, posts };
}

/** The value of `--data <dir>` (default ../shared/signal-data). */
export function dataDirArg(argv: readonly string[]): string {
  const i = argv.indexOf('--data');
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : '../shared/signal-data';
}
