import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
   * (`transformer-9cc11e3e71b5-w56-14-30`). New shares change the labels as much as new weights do, so either makes the
   * history re-score run again.
   */
  version: string;
  training: TransformerTraining;
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
  if (typeof tokenizer.model?.vocab !== 'object') throw corrupt('tokenizer.json', 'no vocabulary');
  json('tokenizer_config.json');
  const sha256 = createHash('sha256').update(readModelFile(dir, 'model.onnx')).digest('hex');
  if (sha256 !== parsed.data.modelSha256) throw corrupt('model.onnx', 'checksum mismatch');
  const { transformer, linear, lexicon } = parsed.data.combination;
  const shares = [transformer, linear, lexicon].map((share) => Math.round(share * 100)).join('-');
  return { dir, version: `transformer-${sha256.slice(0, 12)}-w${shares}`, training: parsed.data };
}
