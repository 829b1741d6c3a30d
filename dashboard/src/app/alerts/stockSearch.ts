/** A stock as the picker lists it. */
export interface PickerStock {
  id: number;
  ticker: string;
  name: string;
}

/** At most this many options are rendered: the list stays fast with twelve thousand stocks, and typing narrows it. */
export const MAX_PICKER_OPTIONS = 50;

export interface StockIndex {
  search(query: string): PickerStock[];
}

/**
 * Ranks stocks for a query: exact ticker, then ticker prefix, then a word of the name starting with the query, then the
 * query anywhere in the name; alphabetical by ticker within a rank. Keys are lower-cased once, so a keystroke over
 * twelve thousand stocks is a single pass.
 */
export function stockIndex(stocks: readonly PickerStock[]): StockIndex {
  const entries = [...stocks]
    .sort((a, b) => a.ticker.localeCompare(b.ticker))
    .map((stock) => ({ stock, ticker: stock.ticker.toLowerCase(), name: stock.name.toLowerCase() }));
  return {
    search(query) {
      const q = query.trim().toLowerCase();
      if (!q) return entries.slice(0, MAX_PICKER_OPTIONS).map((e) => e.stock);
      const ranked: PickerStock[][] = [[], [], [], []];
      for (const e of entries) {
        if (e.ticker === q) ranked[0]!.push(e.stock);
        else if (e.ticker.startsWith(q)) ranked[1]!.push(e.stock);
        else {
          const at = e.name.indexOf(q);
          if (at === 0 || (at > 0 && !/[a-z0-9]/.test(e.name[at - 1]!))) ranked[2]!.push(e.stock);
          else if (at > 0) ranked[3]!.push(e.stock);
        }
      }
      return ranked.flat().slice(0, MAX_PICKER_OPTIONS);
    },
  };
}
