import { describe, expect, it } from 'vitest';
import { isFirstLabel, postAnalysers } from './postAnalysers';

describe('postAnalysers', () => {
  it('counts the fast first labels apart from the settled analysers', () => {
    expect(
      postAnalysers([
        { analyser: 'learned-0123456789ab' },
        { analyser: 'transformer-85c4aea98697-w48-32-20' },
        { analyser: 'learned-0123456789ab' },
        { analyser: 'transformer-85c4aea98697-w48-32-20' },
      ]),
    ).toEqual({ firstLabels: 2, settled: ['transformer-85c4aea98697-w48-32-20'] });
  });

  it('lists every settled analyser once, sorted, when a model changed', () => {
    expect(
      postAnalysers([
        { analyser: 'transformer-85c4aea98697-w48-32-20' },
        { analyser: 'lexicon-1' },
        { analyser: 'transformer-7b21aa85c389-w56-14-30' },
      ]).settled,
    ).toEqual(['lexicon-1', 'transformer-7b21aa85c389-w56-14-30', 'transformer-85c4aea98697-w48-32-20']);
  });

  it('tells a first label from a final one', () => {
    expect(isFirstLabel({ analyser: 'learned-0123456789ab' })).toBe(true);
    expect(isFirstLabel({ analyser: 'transformer-85c4aea98697-w48-32-20' })).toBe(false);
    expect(isFirstLabel({ analyser: 'lexicon-1' })).toBe(false);
  });
});
