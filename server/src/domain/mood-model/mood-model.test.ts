import type { Mood } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import { moodCorpus } from '../../test/mood-corpus.ts';
import { socialTokens } from '../text/tokens.ts';
import { deserializeClassifier, serializeClassifier } from './classifier.ts';
import { bootstrapMacroF1, calibrationOf, majorityMood, scoreOf } from './evaluate.ts';
import { featuresOf } from './features.ts';
import { LabelledCsvError, parseLabelledCsv } from './labelled-csv.ts';
import { evaluateModel, predictTexts, trainModel, validationSplit } from './model.ts';
import { isBetterBeyondNoise, knownMoods, refusalOf, splitByTime } from './train.ts';

/** Small models for tests: 2^14 buckets train in a fraction of a second. */
const SMALL = { hashBits: 14 } as const;

describe('social-media tokens', () => {
  it('reads smileys, brackets, emoji, addresses, mentions, hashtags, marks, capitals and stretched letters', () => {
    const kinds = (text: string) => socialTokens(text).map((t) => `${t.kind}:${t.text}`);
    expect(kinds('Привет))) ну вот((( :-( xD')).toEqual([
      'word:привет',
      'smile:)',
      'word:ну',
      'word:вот',
      'frown:(',
      'frown::-(',
      'smile:xD',
    ]);
    // A bracket that opens a remark is no frown, and its closing one is no smile.
    expect(kinds('Он (наверное) придёт')).toEqual(['word:он', 'word:наверное', 'word:придет']);
    expect(kinds('RT @user: смотри https://t.co/x1Yz #класс ❤️')).toEqual([
      'rt:',
      'mention:',
      'word:смотри',
      'url:',
      'hashtag:',
      'word:класс',
      'emoji:❤',
    ]);
    expect(kinds('[id123|Саша] 2025 ну!!! правда?! «отличный»')).toEqual([
      'mention:',
      'number:2025',
      'word:ну',
      'mark:!!',
      'word:правда',
      'mark:?!',
      'mark:«»',
      'word:отличный',
    ]);
    const [loud, long] = socialTokens('ОЧЕНЬ клааасс');
    expect(loud).toMatchObject({ kind: 'word', text: 'очень', caps: true });
    expect(long).toMatchObject({ kind: 'word', text: 'класс', stretched: true });
  });

  it('survives NUL, unpaired surrogates and a megabyte of text', () => {
    expect(socialTokens('a\u0000b \ud800 слово').map((t) => t.text)).toEqual(['a', 'b', 'слово']);
    const features = featuresOf('слово '.repeat(200_000));
    expect(features.indexes.length).toBeGreaterThan(0);
  });
});

describe('features', () => {
  it('are distinct buckets with an L2 norm of 1; negation, smileys and word forms change them', () => {
    const f = featuresOf('Ремонт не закончили! Ремонт опять затянулся');
    expect(new Set(f.indexes).size).toBe(f.indexes.length);
    expect(f.values.reduce((a, v) => a + v * v, 0)).toBeCloseTo(1, 5);
    const set = (text: string) => [...featuresOf(text).indexes].sort().join();
    expect(set('ремонт закончили')).not.toBe(set('ремонт не закончили'));
    expect(set('ну ладно')).not.toBe(set('ну ладно)))'));
    expect(set('ну ладно)))')).not.toBe(set('ну ладно((('));
    // Character n-grams: a misspelt form shares most of its features with the right one.
    const a = new Set(featuresOf('замечательно').indexes);
    const shared = [...featuresOf('замечатедьно').indexes].filter((i) => a.has(i)).length;
    expect(shared / a.size).toBeGreaterThan(0.4);
    expect(featuresOf('').indexes.length).toBe(0);
  });
});

describe('the model without a database', () => {
  it('learns the demo-like corpus far above the majority baseline, but not perfectly', async () => {
    const rows = moodCorpus(3_000, 7);
    const train = rows.slice(0, 2_400);
    const test = rows.slice(2_400);
    const model = await trainModel(train, SMALL);
    const scores = evaluateModel(model, test);
    const baseline = scoreOf(
      test.map((r) => r.mood),
      test.map(() => majorityMood(train.map((r) => r.mood))),
    );
    expect(scores.accuracy).toBeGreaterThan(baseline.accuracy + 0.2);
    expect(scores.macroF1).toBeGreaterThan(0.5);
    // The demo texts are built to be hard in places (irony, mixed posts, flat posts): not 100%.
    expect(scores.accuracy).toBeLessThan(0.97);
    expect(scores.calibration.ece).toBeLessThan(0.15);
  });

  it('knows only the moods it was given and answers mood ids 1..6', async () => {
    const rows = moodCorpus(1_500, 11).filter((r) => r.mood === 1 || r.mood === 2 || r.mood === 5);
    const model = await trainModel(rows, SMALL);
    expect(model.moods).toEqual([1, 2, 5]);
    const [p] = predictTexts(model, ['Отличная работа, спасибо!']);
    expect([1, 2, 5]).toContain(p.mood);
    expect(p.probabilities[3]).toBe(0);
    expect(p.probabilities[1] + p.probabilities[2] + p.probabilities[5]).toBeCloseTo(1, 6);
    await expect(trainModel(rows.filter((r) => r.mood === 1))).rejects.toThrow('двух тональностей');
  });

  it('trains the same model from the same data and seed, and survives serialisation', async () => {
    const rows = moodCorpus(400, 3);
    const a = await trainModel(rows, SMALL);
    const b = await trainModel(rows, SMALL);
    expect(Buffer.from(a.weights.buffer).equals(Buffer.from(b.weights.buffer))).toBe(true);
    const back = deserializeClassifier(serializeClassifier(a));
    expect(back.hashBits).toBe(14);
    expect(back.moods).toEqual(a.moods);
    expect(back.temperature).toBeCloseTo(a.temperature, 6);
    expect(Array.from(back.weights)).toEqual(Array.from(a.weights));
    expect(Array.from(back.termWeights ?? [])).toEqual(Array.from(a.termWeights ?? []));
    expect(predictTexts(back, ['Спасибо, отлично!'])).toEqual(predictTexts(a, ['Спасибо, отлично!']));
    expect(() => deserializeClassifier(serializeClassifier(a).subarray(0, 40))).toThrow();
  });

  it('holds out a stratified validation share: every mood on both sides, none on both', () => {
    const rows = moodCorpus(1_000, 4).map((r, i) => ({ ...r, id: i }));
    const { train, validation } = validationSplit(rows, 0.1, 1);
    expect(train.length + validation.length).toBe(rows.length);
    const held = new Set(validation.map((r) => r.id));
    expect(train.some((r) => held.has(r.id))).toBe(false);
    for (const mood of new Set(rows.map((r) => r.mood))) {
      expect(validation.some((r) => r.mood === mood)).toBe(true);
    }
  });
});

describe('evaluation', () => {
  it('counts accuracy, weighted and macro F1 and the confusion matrix', () => {
    const s = scoreOf([1, 1, 2, 3], [1, 2, 2, 3]);
    expect(s.accuracy).toBe(0.75);
    expect(s.confusion[0]).toEqual([1, 1, 0, 0, 0, 0]);
    expect(s.confusion[1]).toEqual([0, 1, 0, 0, 0, 0]);
    // F1: mood 1 → 2/3, mood 2 → 2/3, mood 3 → 1; moods 4–6 absent from both sides are left out.
    expect(s.macroF1).toBeCloseTo((2 / 3 + 2 / 3 + 1) / 3, 6);
    expect(s.weightedF1).toBeCloseTo((2 * (2 / 3) + 2 / 3 + 1) / 4, 6);
    expect(majorityMood([3, 3, 1, 2])).toBe(3);
  });

  it('measures calibration: the bins’ gap between confidence and accuracy', () => {
    // Ten answers at 0.9 confidence of which 6 right: ECE 0.3, all in the last bin.
    const c = calibrationOf(Array(10).fill(0.9), [...Array(6).fill(true), ...Array(4).fill(false)]);
    expect(c.ece).toBeCloseTo(0.3, 6);
    expect(c.bins[9]).toMatchObject({ count: 10, accuracy: 0.6 });
    expect(c.bins[9].confidence).toBeCloseTo(0.9, 6);
    expect(calibrationOf([0.55, 0.45], [true, false]).ece).toBeCloseTo(0.45, 6);
  });

  it('gives a bootstrap interval around the score and a paired one of a difference', () => {
    const truth: Mood[] = Array.from({ length: 400 }, (_, i) => ((i % 3) + 1) as Mood);
    const good = truth.map((m, i) => (i % 10 === 0 ? (((m % 3) + 1) as Mood) : m));
    const same = bootstrapMacroF1(truth, good, good, 0.95);
    expect(same.difference).toEqual({ low: 0, high: 0 });
    expect(same.score.low).toBeLessThan(0.9);
    expect(same.score.high).toBeGreaterThan(0.9);
    const worse = truth.map((m, i) => (i % 3 === 0 ? (((m % 3) + 1) as Mood) : m));
    const better = bootstrapMacroF1(truth, good, worse, 0.95);
    expect(better.difference?.low).toBeGreaterThan(0);
    expect(isBetterBeyondNoise(better.difference)).toBe(true);
    expect(isBetterBeyondNoise(same.difference)).toBe(false);
    expect(isBetterBeyondNoise(null)).toBe(true);
    // Seeded: the same predictions give the same interval.
    expect(bootstrapMacroF1(truth, good, worse, 0.95)).toEqual(better);
  });
});

describe('split, moods, refusal', () => {
  it('puts the newest 20% by (wrote_at, id) in the test set and none of them in training', () => {
    const rows = Array.from({ length: 101 }, (_, i) => ({
      id: 1000 - i,
      wrote_ms: Math.floor(i / 3) * 1000,
    }));
    const { train, test } = splitByTime(rows.reverse());
    expect(test.length).toBe(21);
    expect(train.length).toBe(80);
    const trainIds = new Set(train.map((r) => r.id));
    expect(test.some((r) => trainIds.has(r.id))).toBe(false);
    const lastTrain = train[train.length - 1];
    for (const t of test) {
      expect(
        t.wrote_ms > lastTrain.wrote_ms || (t.wrote_ms === lastTrain.wrote_ms && t.id > lastTrain.id),
      ).toBe(true);
    }
  });

  it('trains on the moods with 50 verified messages when two have them, and refuses in Russian otherwise', () => {
    expect(knownMoods({ 1: 50, 2: 50, 3: 50, 4: 12, 5: 50, 6: 49 })).toEqual([1, 2, 3, 5]);
    expect(refusalOf({ 1: 50, 2: 0, 3: 50, 4: 0, 5: 0, 6: 0 })).toBeNull();
    const message = refusalOf({ 1: 0, 2: 0, 3: 900, 4: 12, 5: 0, 6: 49 });
    expect(message).toContain('хотя бы у 2 тональностей');
    expect(message).toContain('«Другое» — 12');
    expect(message).toContain('«Нейтральное» — 900');
    expect(message).toContain('Текущая модель остаётся');
  });
});

describe('labelled CSV', () => {
  it('reads quoted texts across lines, ids and words as labels, and the line of each record', () => {
    const rows = parseLabelledCsv(
      '\ufefflabel,text\r\npositive,"Спасибо!\nОчень рады"\r\n2,"Он сказал ""нет"""\nskip,просто текст\n',
      'a.csv',
    );
    expect(rows.map((r) => [r.mood, r.text, r.line])).toEqual([
      [1, 'Спасибо!\nОчень рады', 2],
      [2, 'Он сказал "нет"', 4],
      [4, 'просто текст', 5],
    ]);
  });

  it('refuses bad files naming the file and the line', () => {
    const error = (content: string) => {
      try {
        parseLabelledCsv(content, 'b.csv');
      } catch (e) {
        expect(e).toBeInstanceOf(LabelledCsvError);
        return (e as Error).message;
      }
      throw new Error('no error');
    };
    expect(error('')).toMatch(/^b\.csv: файл пуст/);
    expect(error('mood,text\n1,a\n')).toMatch(/^b\.csv, строка 1: ожидается заголовок «label,text»/);
    expect(error('label,text\n1,a\nhappy,b\n')).toMatch(/^b\.csv, строка 3: неизвестная метка «happy»/);
    expect(error('label,text\n1,a\u0000b\n')).toContain('строка 2: текст содержит нулевой символ');
    expect(error(`label,text\n1,${'я'.repeat(1_000_001)}\n`)).toContain('строка 2: текст длиннее');
    expect(error('label,text\n1,"не закрыта\n')).toContain('строка 2: не закрыта кавычка');
    expect(error('label,text\n1,a,b\n')).toContain('строка 2: ожидается два поля');
    expect(error('label,text\n')).toContain('нет ни одной строки');
  });
});
