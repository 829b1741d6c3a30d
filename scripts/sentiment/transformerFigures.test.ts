import { describe, expect, it } from 'vitest';
import { scoreSentiment, type SentimentLabel } from '../../domain/signal/sentiment';
import { buildCorpus, DEFAULT_CONFIG } from './crossValidation';
import { readProjectSet } from './signalData';
import { tuneCombination, type OutOfFold } from './transformerFigures';

describe('tuneCombination', () => {
  const sets = [readProjectSet('labelledPosts.jsonl'), readProjectSet('heldOutPosts.jsonl')];
  const corpus = buildCorpus(sets, { ...DEFAULT_CONFIG, hashBits: 12 }, (t) => scoreSentiment(t).compound);
  const ids = sets.flatMap((s) => s.posts.map((p) => p.id));
  // Both learned models lean bullish on every post, unsure; the lexicon's compound is given per case.
  const unsure: [number, number, number] = [0.3, 0.3, 0.4];
  const oof = (lexicon: (gold: SentimentLabel) => number): OutOfFold => ({
    linear: Float64Array.from(ids.flatMap(() => unsure)),
    transformer: Object.fromEntries(ids.map((id) => [id, unsure])),
    lexicon: Float64Array.from(corpus.gold.map(lexicon)),
  });

  it('gives the lexicon a share when it reads posts the learned models miss', () => {
    // A neutral post's faint stance reads mostly neutral (a compound of 0 would make the lexicon abstain).
    const right = oof((gold) => (gold === 'bullish' ? 0.9 : gold === 'bearish' ? -0.9 : 0.05));
    const { shares, score } = tuneCombination(corpus, ids, right, right);
    expect(shares.lexicon).toBeGreaterThan(0);
    expect(shares.transformer + shares.linear + shares.lexicon).toBeCloseTo(1, 9);
    expect(score).toBe(1);
  });

  it('keeps the lexicon out when it never fires', () => {
    const silent = oof(() => 0);
    expect(tuneCombination(corpus, ids, silent, silent).shares).toEqual({ transformer: 1, linear: 0, lexicon: 0 });
  });
});
