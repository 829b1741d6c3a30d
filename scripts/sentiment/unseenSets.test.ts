import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreLabels } from '../../domain/signal/labelScores';
import { createSentimentAnalyser, loadSentimentModel } from '../../domain/signal/sentimentModel';
import { readTransformerModel } from '../../domain/sentiment/transformerModel';
import { createTransformerPool, type TransformerPool } from '../../domain/sentiment/transformerPool';
import { projectRoot } from '../../platform/temporalCli';
import { labelWithCommittedModels, type CommittedAnalysers } from './committedLabels';
import { readLabelledPaths, readProjectSet, type LabelledPost } from './signalData';
import { scoreUnseenSets, trainingTextsOf } from './unseenSets';

const jsonl = (rows: readonly object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('labelled sets named on the command line', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'unseen-sets-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a folder of sets in name order, positive / negative as bullish / bearish, lines without an id by number', () => {
    const folder = path.join(dir, 'folder');
    mkdirSync(folder);
    writeFileSync(
      path.join(folder, 'b.jsonl'),
      // A blank line between the two: lines keep their numbers.
      jsonl([{ text: 'up', label: 'Positive' }]) + '\n' + jsonl([{ text: 'down', label: 'negative' }]),
    );
    writeFileSync(path.join(folder, 'a.jsonl'), jsonl([{ id: 'x1', text: 'flat', label: 'neutral' }]));
    writeFileSync(path.join(folder, 'notes.txt'), 'not a set');
    const sets = readLabelledPaths([folder]);
    expect(sets.map((s) => s.name)).toEqual(['a', 'b']);
    expect(sets[1]!.posts.map((p) => [p.id, p.label])).toEqual([
      ['b:1', 'bullish'],
      ['b:3', 'bearish'],
    ]);
    expect(readLabelledPaths([path.join(folder, 'a.jsonl')])[0]!.posts[0]!.id).toBe('x1');
  });

  it('stops on a bad line with its file, line and field', () => {
    const bad = path.join(dir, 'bad.jsonl');
    writeFileSync(bad, jsonl([{ text: 'fine', label: 'bullish' }]) + '{"text": "cut off\n');
    expect(() => readLabelledPaths([bad])).toThrow('bad.jsonl:2: not a JSON object');
    writeFileSync(bad, jsonl([{ text: 'fine', label: 'mixed' }]));
    expect(() => readLabelledPaths([bad])).toThrow(/^bad\.jsonl:1: label: /);
    expect(() => readLabelledPaths([path.join(dir, 'missing.jsonl')])).toThrow(/ENOENT/);
  });
});

describe('the committed models on sets they never trained on', () => {
  let transformer: TransformerPool;
  let analysers: CommittedAnalysers;
  // The project's held-out posts: neither model trained on them.
  const heldOut = readProjectSet('heldOutPosts.jsonl');
  beforeAll(() => {
    const info = readTransformerModel();
    transformer = createTransformerPool(info, { threads: 2 });
    analysers = {
      linear: createSentimentAnalyser(loadSentimentModel()),
      transformer,
      shares: info.training.combination,
    };
  });
  afterAll(() => transformer.close());

  it('leaves out copies of training posts (other case, links, spacing) and scores the rest as the re-score labels them', async () => {
    const training = heldOut.posts.slice(0, 10);
    const copies: LabelledPost[] = heldOut.posts.map((p, i) =>
      i < 10 ? { ...p, text: `  ${p.text.toUpperCase()}   https://t.co/abc${i}` } : p,
    );
    const [figures] = await scoreUnseenSets(
      [{ name: 'copies', posts: copies }],
      trainingTextsOf([{ name: 'training', posts: training }]),
      analysers,
    );
    expect(figures).toMatchObject({ name: 'copies', posts: heldOut.posts.length - 10, inTraining: 10 });
    const rest = heldOut.posts.slice(10);
    const labels = await labelWithCommittedModels(
      rest.map((p) => p.text),
      analysers,
    );
    const gold = rest.map((p) => p.label);
    expect(figures!.scores!.combination).toEqual(scoreLabels(gold, labels.combination));
    expect(figures!.scores!.transformer).toEqual(scoreLabels(gold, labels.transformer));
    expect(figures!.scores!.linear).toEqual(scoreLabels(gold, labels.linear));
    // Posts a reader labels without doubt: the label subscribers see gets nearly all of them right.
    expect(figures!.scores!.combination.macroF1).toBeGreaterThan(0.85);
  });

  it('reports a set every post of which is a training post, without scores', async () => {
    const [figures] = await scoreUnseenSets([heldOut], trainingTextsOf([heldOut]), analysers);
    expect(figures).toEqual({ name: 'heldOutPosts', posts: 0, inTraining: heldOut.posts.length });
  });
});

describe('npm run eval:unseen', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'eval-unseen-'));
    mkdirSync(path.join(dir, 'training', 'sentiment'), { recursive: true });
    writeFileSync(
      path.join(dir, 'training', 'sentiment', 'train.jsonl'),
      jsonl([{ id: 't1', text: 'Loading up on calls, this breaks out tomorrow', label: 'bullish' }]),
    );
    writeFileSync(
      path.join(dir, 'posts.jsonl'),
      jsonl([
        { text: 'loading up on calls, this breaks out tomorrow', label: 'positive' },
        { text: 'Sold everything, this company is going bankrupt and the CEO lied', label: 'negative' },
        { text: 'Huge beat on earnings, raising my price target, very bullish', label: 'positive' },
        { text: 'Guidance cut again, shares crash after the downgrade', label: 'negative' },
      ]),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts', 'eval-unseen.ts'), ...args], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('prints each set with the posts it left out, the mean and the targets', () => {
    const out = run(path.join(dir, 'posts.jsonl'), '--data', path.join(dir, 'training'));
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('posts found among the 1 training posts of');
    expect(out.stdout).toMatch(/\n {2}posts +3 +1 +\d\.\d{3} \/ \d\.\d{3}/);
    expect(out.stdout).toMatch(/the label subscribers see: mean macro-F1 \d\.\d{3} \(target ≥ 0\.78: (met|not met)\)/);
  });

  it('names what is wrong with the command line', () => {
    expect(run().stderr).toContain('eval:unseen: name at least one labelled .jsonl file or folder of them');
    const missing = run(path.join(dir, 'nowhere.jsonl'), '--data', path.join(dir, 'training'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('nowhere.jsonl');
    expect(run(path.join(dir, 'posts.jsonl'), '--data').stderr).toContain('--data needs the folder');
  });
});
