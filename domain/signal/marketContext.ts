/**
 * Market vocabulary: a post that uses one of these words talks about markets or company news, so a bare symbol or a
 * company name in it is likely a mention. Without any (and without a cashtag), "meta", "snapchat" or "PayPal" are everyday uses of a name.
 * Words of plain commerce (buy, sell, price, sale) are left out on purpose: a merchandise sale that takes PayPal uses them.
 */
const WORDS = `
stock stocks stonk stonks shares shareholder shareholders equity equities market markets marketcap
trading traded trader traders invest invests investing invested investor investors investment investments longs
shorts shorting shorted calls puts option options strike strikes expiry expiration earnings revenue
revenues eps guidance dividend dividends ipo ipos valuation valuations upgraded downgrade downgrades
downgraded analyst analysts bull bulls bullish bear bears bearish rally rallies rallied dip dips moon mooning portfolio
position positions hodl bagholder bagholders bagholding ticker tickers nasdaq nyse s&p dow filing filings
premarket pre-market afterhours after-hours breakout breakdown resistance squeeze gamma yolo tendies
pt outlook forecast forecasts profit profits quarter quarterly q1 q2 q3 q4 fy yoy qoq estimates consensus buyback buybacks
merger acquisition acquires selloff sell-off rallying surged soared plunged tumbled slumped upside downside etf etfs
futures yields recession spx ath atl hod lod eod dd catalyst catalysts bagholders wsb wallstreetbets robinhood
brokerage broker fidelity webull ira 401k roth averaging dca squeezed shorting calls puts leaps otm itm
iv theta hedge hedging  price-target pricetarget overvalued undervalued bullrun bearmarket
uptrend downtrend bagger baggers highs lows pullback thesis losses margins stake sales same-store turnaround
all-time announces bubble
unveils unveiled unveil launches ceo cfo layoffs deliveries split splits lawsuit antitrust
acquire acquired buyout billions shareholder-meeting
`;

export const MARKET_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((w) => w !== ''));

/**
 * Phrases that are market vocabulary though their words are not: a holding's verdict ("dead money") and company news
 * ("raising prices", "fee increase", "annual meeting"). Like a market word, one gives context to the words near it.
 * Phrases also said of goods are left out: "bought more" (Lululemon leggings), "better than expected" (a new Apple Watch),
 * "cheap here" (gas at Costco).
 */
const PHRASES = `
dead money | annual meeting
raising prices | raises prices | raised prices | price increase | price increases | price hike | price hikes | fee increase
`;

/** Each market phrase as its words, lower case, indexed by its last word (the tokeniser meets that one last). */
export const MARKET_PHRASES: ReadonlyMap<string, ReadonlyArray<readonly string[]>> = (() => {
  const byLast = new Map<string, string[][]>();
  for (const phrase of PHRASES.split(/[|\n]/)) {
    const words = phrase.trim().split(/\s+/);
    if (words.length < 2) continue;
    const last = words[words.length - 1]!;
    byLast.set(last, [...(byLast.get(last) ?? []), words]);
  }
  return byLast;
})();

/** Rockets, charts and diamond hands say "market" as plainly as words do; a percentage move ("+12%", "down 3.5%") too, but not "50% off". */
const MARKET_SIGNS_RE = /🚀|📈|📉|💎🙌|(?:\bup|\bdown|[+-])\s?\d+(?:\.\d+)?\s?%/u;

/** True when `text` carries a market sign; the tokeniser checks MARKET_WORDS itself, word by word. */
export function hasMarketSign(text: string): boolean {
  return MARKET_SIGNS_RE.test(text);
}
