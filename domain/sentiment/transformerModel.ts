import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TRANSFORMER_ANALYSER_PREFIX } from '../../core/sentimentAnalysers';

/** The committed fine-tuned encoder: model.onnx (int8), tokenizer.json, tokenizer_config.json, training.json. */
export const DEFAULT_TRANSFORMER_DIR = fileURLToPath(new URL('./model/', import.meta.url));

export const TRANSFORMER_FILES = ['model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'training.json'] as const;

/** What scripts/sentiment/train_transformer.py records beside the model. */
const TrainingRecord = z.object({
  base: z.string(),
  maxTokens: z.number().int().min(8).max(512),
  classes: z.tuple([z.literal('bearish'), z.literal('neutral'), z.literal('bullish')]),
  modelSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Each model's share of the combined label (combinedScore.ts); they sum to 1. */
  combination: z
    .object({
      transformer: z.number().min(0).max(1),
      linear: z.number().min(0).max(1),
      lexicon: z.number().min(0).max(1),
    })
    .refine((c) => Math.abs(c.transformer + c.linear + c.lexicon - 1) < 1e-6, 'shares must sum to 1'),
});
export type TransformerTraining = z.infer<typeof TrainingRecord>;

/** A special token as Hugging Face tokenizer configs write it: its text, or an object holding the text. */
const SpecialToken = z
  .union([z.string(), z.object({ content: z.string() })])
  .transform((t) => (typeof t === 'string' ? t : t.content));
/** The tokens the scorer wraps and pads a text with: [CLS]/[SEP]/[PAD] for BERT's vocabulary, <s>/</s>/<pad> for MPNet's. */
const TokenizerConfig = z.object({ cls_token: SpecialToken, sep_token: SpecialToken, pad_token: SpecialToken });

/** Ids of the tokens a text is wrapped in (cls … sep) and a short row is padded with. */
export interface SpecialTokenIds {
  cls: number;
  sep: number;
  pad: number;
}

export class TransformerModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransformerModelError';
  }
}

export interface TransformerModelInfo {
  dir: string;
  /**
   * The `analyser` of the mentions it labels: `transformer-`, the first 12 hex digits of model.onnx's SHA-256, and the
   * transformer's, linear model's and lexicon's shares of the combined label in percent
   * (`transformer-85c4aea98697-w48-32-20`). New shares change the labels as much as new weights do, so either makes the
   * history re-score run again.
   */
  version: string;
  training: TransformerTraining;
  special: SpecialTokenIds;
}

function readModelFile(dir: string, name: string): Buffer {
  const file = join(dir, name);
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new TransformerModelError(
      code === 'ENOENT'
        ? `Sentiment transformer file ${file} is missing; restore it from git or run npm run train:sentiment.`
        : `Sentiment transformer file ${file} cannot be read (${code ?? String(err)}).`,
    );
  }
}

/**
 * Checks the committed model before anything starts: every file present, the JSON files readable, and model.onnx the
 * bytes training.json names (a truncated or replaced file is caught here, in milliseconds, not by a worker later). A
 * problem is a TransformerModelError whose one-line message names the file.
 */
export function readTransformerModel(dir: string = DEFAULT_TRANSFORMER_DIR): TransformerModelInfo {
  const corrupt = (name: string, why: string) =>
    new TransformerModelError(
      `Sentiment transformer file ${join(dir, name)} is corrupt (${why}); restore it from git or run npm run train:sentiment.`,
    );
  const json = (name: string): unknown => {
    try {
      return JSON.parse(readModelFile(dir, name).toString('utf8'));
    } catch (err) {
      if (err instanceof TransformerModelError) throw err;
      throw corrupt(name, 'not JSON');
    }
  };
  const parsed = TrainingRecord.safeParse(json('training.json'));
  if (!parsed.success)
    throw corrupt(
      'training.json',
      `${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  const tokenizer = json('tokenizer.json') as { model?: { vocab?: unknown } };
  const vocab = tokenizer.model?.vocab;
  if (typeof vocab !== 'object' || vocab === null) throw corrupt('tokenizer.json', 'no vocabulary');
  const config = TokenizerConfig.safeParse(json('tokenizer_config.json'));
  if (!config.success) throw corrupt('tokenizer_config.json', `no ${config.error.issues[0]?.path.join('.')}`);
  const idOf = (token: string): number => {
    const id = (vocab as Record<string, unknown>)[token];
    if (typeof id !== 'number') throw corrupt('tokenizer_config.json', `${token} is not in the vocabulary`);
    return id;
  };
  const special = {
    cls: idOf(config.data.cls_token),
    sep: idOf(config.data.sep_token),
    pad: idOf(config.data.pad_token),
  };
  const sha256 = createHash('sha256').update(readModelFile(dir, 'model.onnx')).digest('hex');
  if (sha256 !== parsed.data.modelSha256) throw corrupt('model.onnx', 'checksum mismatch');
  const { transformer, linear, lexicon } = parsed.data.combination;
  const shares = [transformer, linear, lexicon].map((share) => Math.round(share * 100)).join('-');
  return {
    dir,
    version: `${TRANSFORMER_ANALYSER_PREFIX}${sha256.slice(0, 12)}-w${shares}`,
    training: parsed.data,
    special,
  };
}
