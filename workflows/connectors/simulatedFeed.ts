import { hashString, poisson, seededRandom } from '../../core/random/seededRandom';
import type { Platform } from '../../core/platforms';
import type { Connector, FetchOptions, FetchResult, RawPost, Source } from '../../domain/scans/connector';
import { DAY_MS, HOUR_MS, MINUTE_MS, MINUTES_PER_WEEK, startOfMinute } from '../../core/timeWindows';
import { pauseForEventLoop } from '../../platform/eventLoopSlices';

export interface SimulatedTicker {
  symbol: string;
  /** How people name the company in a post ("Tesla", "Nvidia"). */
  name: string;
}

export interface SimulatedFeedOptions {
  seed: number;
  /** Tickers ordered by popularity, most talked-about first (the feed draws from them with a Zipf skew). */
  tickers: readonly SimulatedTicker[];
  /** Average posts per source per minute. */
  postsPerMinute: number;
  now?: () => Date;
  /** How far back a first scan (and the catch-up after a pause) reaches; default FIRST_SCAN_MINUTES, a week. */
  backfillMinutes?: number;
}

/**
 * How far back a first scan reaches: a week of history (the longest dashboard range and the trend baseline), so a fresh
 * install has baselines and every time range shows data.
 */
export const FIRST_SCAN_MINUTES = MINUTES_PER_WEEK;

const bullish = [
  '{T} is going to the moon 🚀🚀',
  'loaded up on {T} calls, this is the dip to buy',
  '{T} earnings beat, guidance raised. bullish af',
  'diamond hands on {T} 💎🙌 not selling',
  '{N} just crushed it, adding more {T}',
  '{T} breaking out to new highs 📈',
  'bought more {T} today, undervalued at these levels',
  '{T} squeeze incoming, shorts are trapped',
  'tendies from {T} calls paid my rent',
  'long {T}, the chart looks amazing',
  '{N} upgrade from analysts, {T} ripping',
  '{T} is my highest conviction play this year',
];
const bearish = [
  '{T} puts printing 📉',
  '{T} is going to zero, bagholders everywhere',
  'sold all my {T}, this company is a mess',
  '{N} missed earnings badly, {T} tanking',
  'shorting {T} here, overvalued garbage',
  '{T} guidance cut, dumping it',
  '{T} downgrade, looks like a rug pull 🩸',
  'bought {T} at the top, down 40% 🤡',
  '{N} is losing market share, bearish on {T}',
  '{T} dilution again, terrible for shareholders',
  'not bullish on {T} at all, overbought',
  '{T} crash incoming, get out while you can',
];
const neutral = [
  'what do you think about {T}?',
  '{N} reports earnings on Thursday',
  '{T} trading sideways today',
  'any news on {T}?',
  '{T} volume is average this week',
  'holding {T}, waiting to see the earnings',
  '{N} announces annual meeting date',
  'how many shares of {T} do you own?',
  '{T} opened at the same price as yesterday',
  'anyone following {T} and {T2}?',
];
const authors = Array.from({ length: 400 }, (_, i) => `sim_user_${i}`);

/**
 * The built-in simulated feed: realistic stock talk that is deterministic for a seed.
 * Each (platform, source, minute) always yields the same posts with the same ids, so re-scanning
 * a window writes identical rows (no double counting). Popularity follows a Zipf skew; each ticker
 * has seeded burst hours with many times its usual chatter (what trend detection should find);
 * some authors spam one ticker repeatedly.
 */
export function createSimulatedConnector(platform: Platform, options: SimulatedFeedOptions): Connector {
  const now = options.now ?? (() => new Date());
  const { tickers } = options;
  const backfillMinutes = options.backfillMinutes ?? FIRST_SCAN_MINUTES;
  if (tickers.length === 0) throw new Error('the simulated feed needs at least one ticker');
  // Zipf weights (s = 1.1) as a cumulative table for fast draws.
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < tickers.length; i++) cumulative.push((total += 1 / Math.pow(i + 1, 1.1)));

  const drawIndex = (random: () => number) => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /** A ticker is "bursting" in an hour when its seeded hash says so (about 3% of ticker-hours). */
  const burstFactor = (symbol: string, hour: number) =>
    hashString(`${options.seed}:burst:${symbol}:${hour}`) % 1000 < 30 ? 25 : 1;

  /** A seeded lean in [-0.2, 0.2] of a ticker's mood for one day. */
  const moodLean = (symbol: string, day: number) =>
    ((hashString(`${options.seed}:mood:${symbol}:${day}`) % 401) - 200) / 1000;

  const burstsByHour = new Map<number, SimulatedTicker[]>();
  const burstCandidates = (hour: number) => {
    let bursting = burstsByHour.get(hour);
    if (!bursting) {
      bursting = tickers.filter((t) => burstFactor(t.symbol, hour) > 1);
      if (burstsByHour.size > 48) burstsByHour.clear();
      burstsByHour.set(hour, bursting);
    }
    return bursting;
  };

  function postsForMinute(source: Source, minuteMs: number): RawPost[] {
    const key = `${options.seed}:${platform}:${source.settingType}:${source.value}:${minuteMs}`;
    const random = seededRandom(hashString(key));
    const hour = Math.floor(minuteMs / HOUR_MS);
    const bursting = burstCandidates(hour);
    const count = poisson(random, options.postsPerMinute);
    const posts: RawPost[] = [];
    for (let i = 0; i < count; i++) {
      // A quarter of posts go to a ticker that is bursting this hour, when there is one.
      const pick =
        bursting.length > 0 && random() < 0.25
          ? bursting[Math.floor(random() * bursting.length)]!
          : tickers[drawIndex(random)]!;
      const other = tickers[drawIndex(random)]!;
      // Each ticker leans bullish or bearish for a day, so sentiment differs between stocks.
      const lean = moodLean(pick.symbol, Math.floor(minuteMs / DAY_MS));
      const mood = random();
      const templates = mood < 0.38 + lean ? bullish : mood < 0.7 ? bearish : neutral;
      const template = templates[Math.floor(random() * templates.length)]!;
      const style = random();
      const mention = style < 0.6 ? `$${pick.symbol}` : style < 0.85 ? pick.symbol : pick.name;
      let text = template
        .replaceAll('{T2}', `$${other.symbol}`)
        .replaceAll('{T}', mention)
        .replaceAll('{N}', pick.name);
      // Spam: one author repeating the same ticker many times in one post.
      const spam = random() < 0.03;
      if (spam) text = `${text} $${pick.symbol} $${pick.symbol} $${pick.symbol} $${pick.symbol}`;
      const author = spam ? authors[hashString(pick.symbol) % 10]! : authors[Math.floor(random() * authors.length)]!;
      const createdAt = new Date(minuteMs + Math.floor(random() * MINUTE_MS));
      const postId = `sim_${platform}_${hashString(key).toString(36)}_${i}`;
      posts.push({
        platform,
        postId,
        source: sourceLabel(source),
        author,
        createdAt: createdAt.toISOString(),
        title: '',
        text,
        url: `https://stockpulse.local/simulated/${platform}/${postId}`,
        engagement: Math.floor(random() * random() * 500),
      });
    }
    return posts;
  }

  return {
    platform,
    simulated: true,
    async fetchNew(source: Source, cursor: string | null, fetchOptions: FetchOptions): Promise<FetchResult> {
      const lastComplete = startOfMinute(now()) - MINUTE_MS;
      const earliest = lastComplete - (backfillMinutes - 1) * MINUTE_MS;
      // A cursor this feed did not write (e.g. a real connector's, before its credentials were removed) counts as a first scan.
      const stored = cursor ? Date.parse(cursor) : NaN;
      const firstScan = !Number.isFinite(stored);
      const resumeFrom = firstScan ? earliest : stored + MINUTE_MS;
      // The first scan brings the whole week at once (about 20,000 posts per source at the default rate), so a fresh install
      // has every range filled after one scan; later scans keep to maxPosts like a real API's.
      const maxPosts = firstScan ? Infinity : fetchOptions.maxPosts;
      let minute = Math.max(resumeFrom, earliest);
      const posts: RawPost[] = [];
      let reached: number | null = null;
      // A first scan writes a week of minutes: in slices, so the API answers meanwhile.
      for (; minute <= lastComplete; minute += MINUTE_MS) {
        await pauseForEventLoop();
        const batch = postsForMinute(source, minute);
        if (posts.length + batch.length > maxPosts && posts.length > 0) break;
        posts.push(...batch);
        reached = minute;
        if ((minute / MINUTE_MS) % 30 === 0) fetchOptions.heartbeat?.({ source: source.value, fetched: posts.length });
      }
      return { posts, cursor: reached === null ? cursor : new Date(reached).toISOString() };
    },
  };
}

export function sourceLabel(source: Source): string {
  if (source.platform === 'reddit') return `r/${source.value}`;
  if (source.settingType === 'channels') return `channel:${source.value}`;
  return source.value;
}
