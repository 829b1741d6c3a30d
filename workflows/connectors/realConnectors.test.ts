import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_ACCESS_TOKEN, INSTAGRAM_USER_ID } from '../../tests/replay/instagramReplay';
import { REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET } from '../../tests/replay/redditReplay';
import { ReplayServer } from '../../tests/replay/replayServer';
import { fetchOptions, memoryLimiters, testHttpPolicy } from '../../tests/replay/testing';
import { TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET } from '../../tests/replay/tiktokReplay';
import { X_BEARER_TOKEN } from '../../tests/replay/twitterReplay';
import { YOUTUBE_API_KEY } from '../../tests/replay/youtubeReplay';
import { createRealConnectors, DEFAULT_REDDIT_USER_AGENT, type RealConnectorCredentials } from './realConnectors';
import type { Source } from '../../domain/scans/connector';

describe('createRealConnectors', () => {
  let replay: ReplayServer;
  beforeAll(async () => {
    replay = await ReplayServer.start();
  });
  afterAll(async () => {
    await replay?.close();
  });

  const all = (): RealConnectorCredentials => ({
    REDDIT_CLIENT_ID,
    REDDIT_CLIENT_SECRET,
    REDDIT_API_URL: replay.url,
    REDDIT_AUTH_URL: replay.url,
    X_BEARER_TOKEN,
    X_API_URL: replay.url,
    YOUTUBE_API_KEY,
    YOUTUBE_API_URL: `${replay.url}/youtube/v3`,
    TIKTOK_CLIENT_KEY,
    TIKTOK_CLIENT_SECRET,
    TIKTOK_API_URL: replay.url,
    INSTAGRAM_ACCESS_TOKEN,
    INSTAGRAM_USER_ID,
    INSTAGRAM_API_URL: `${replay.url}/v21.0`,
  });

  it('creates only the platforms whose credentials are all present', () => {
    expect(createRealConnectors({}, { limiters: memoryLimiters })).toEqual({});
    expect(
      Object.keys(createRealConnectors({ X_BEARER_TOKEN: 'x', YOUTUBE_API_KEY: '  ' }, { limiters: memoryLimiters })),
    ).toEqual(['twitter']);
    expect(
      Object.keys(
        createRealConnectors(
          { REDDIT_CLIENT_ID: 'id', TIKTOK_CLIENT_KEY: 'key', INSTAGRAM_ACCESS_TOKEN: 'token' },
          { limiters: memoryLimiters },
        ),
      ),
    ).toEqual([]);
    const every = createRealConnectors(all(), { limiters: memoryLimiters });
    expect(Object.keys(every).sort()).toEqual(['instagram', 'reddit', 'tiktok', 'twitter', 'youtube']);
    for (const [platform, connector] of Object.entries(every))
      expect(connector).toMatchObject({ platform, simulated: false });
  });

  it('wires every connector to its base URL and credentials', async () => {
    const connectors = createRealConnectors(all(), { limiters: memoryLimiters, http: testHttpPolicy });
    const sources: Source[] = [
      { platform: 'reddit', settingType: 'subreddits', value: 'wallstreetbets' },
      { platform: 'twitter', settingType: 'hashtags', value: '#stocks' },
      { platform: 'youtube', settingType: 'keywords', value: 'earnings' },
      { platform: 'tiktok', settingType: 'hashtags', value: '#stocks' },
      { platform: 'instagram', settingType: 'hashtags', value: '#stocks' },
    ];
    for (const source of sources) {
      const { posts, cursor } = await connectors[source.platform]!.fetchNew(source, null, fetchOptions(20));
      expect(posts.length, source.platform).toBeGreaterThan(0);
      expect(posts.every((p) => p.platform === source.platform)).toBe(true);
      expect(cursor).not.toBeNull();
    }
    expect(replay.requestsTo('/r/wallstreetbets/new')[0]!.headers['user-agent']).toBe(DEFAULT_REDDIT_USER_AGENT);
  });
});
