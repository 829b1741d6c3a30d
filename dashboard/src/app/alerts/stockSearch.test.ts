import { describe, expect, it } from 'vitest';
import { MAX_PICKER_OPTIONS, stockIndex, type PickerStock } from './stockSearch';

const named: PickerStock[] = [
  { id: 1, ticker: 'AAPL', name: 'Apple Inc.' },
  { id: 2, ticker: 'APLE', name: 'Apple Hospitality REIT' },
  { id: 3, ticker: 'NVDA', name: 'NVIDIA Corporation' },
  { id: 4, ticker: 'A', name: 'Agilent Technologies' },
  { id: 5, ticker: 'PINE', name: 'Alpine Income Property Trust' },
  { id: 6, ticker: 'TSLA', name: 'Tesla, Inc.' },
];
/** Twelve thousand filler symbols, the size of the full ticker universe. */
const universe: PickerStock[] = [
  ...named,
  ...Array.from({ length: 12_000 }, (_, i) => ({
    id: 100 + i,
    ticker: `Z${i.toString(36).toUpperCase()}`,
    name: `Filler Holdings ${i}`,
  })),
];

describe('the stock picker search', () => {
  const index = stockIndex(universe);

  it('ranks an exact ticker first, then ticker prefixes, then name words, then name substrings', () => {
    expect(
      index
        .search('a')
        .map((s) => s.ticker)
        .slice(0, 3),
    ).toEqual(['A', 'AAPL', 'APLE']);
    expect(index.search('apple').map((s) => s.ticker)).toEqual(['AAPL', 'APLE']);
    // "pine" is a ticker; "alPINE" only contains it inside a word.
    expect(index.search('pine').map((s) => s.ticker)).toEqual(['PINE']);
    expect(index.search('lpine').map((s) => s.ticker)).toEqual(['PINE']);
    expect(index.search('  Nvidia ').map((s) => s.ticker)).toEqual(['NVDA']);
    expect(index.search('tesla').map((s) => s.id)).toEqual([6]);
  });

  it('caps what is rendered on twelve thousand stocks, and an empty query lists the first symbols', () => {
    expect(index.search('filler')).toHaveLength(MAX_PICKER_OPTIONS);
    expect(index.search('')).toHaveLength(MAX_PICKER_OPTIONS);
    expect(index.search('')[0]!.ticker).toBe('A');
    expect(index.search('no such company')).toEqual([]);
  });
});
