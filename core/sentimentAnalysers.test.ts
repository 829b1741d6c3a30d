import { describe, expect, it } from 'vitest';
import { analyserKind } from './sentimentAnalysers';

describe('analyserKind', () => {
  it('names each analyser family by its prefix', () => {
    expect(analyserKind('transformer-85c4aea98697-w48-32-20')).toBe('transformer');
    expect(analyserKind('learned-0123456789ab')).toBe('learned');
    expect(analyserKind('lexicon-1')).toBe('lexicon');
    expect(analyserKind('lexicon-2')).toBe('other');
    expect(analyserKind('')).toBe('other');
  });
});
