import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { moodCorpus } from '../../test/mood-corpus.ts';

// `npm run ai:evaluate` as a user runs it: a process, its output and its exit code.
const SERVER = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ai-evaluate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Moods 1..4 as the words a file may use instead of their ids. */
const WORDS = ['positive', 'negative', 'neutral', 'other'];

function csv(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** A labelled file of the demo-like corpus, labels as words or ids, texts quoted. */
function corpusFile(name: string, count: number, seed: number): string {
  const lines = moodCorpus(count, seed, true).map(
    (row, i) =>
      `${i % 2 || row.mood > 4 ? row.mood : WORDS[row.mood - 1]},"${row.text.replaceAll('"', '""')}"`,
  );
  return csv(name, `label,text\n${lines.join('\n')}\n`);
}

function run(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ai-evaluate.ts', ...args], {
    cwd: SERVER,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('npm run ai:evaluate', () => {
  it('trains on one file, scores on the other, prints the table and writes every number as JSON', () => {
    const train = corpusFile('train.csv', 600, 1);
    const test = corpusFile('test.csv', 200, 2);
    const json = join(dir, 'report.json');
    const { code, out, err } = run('--train', train, '--test', test, '--json', json);
    expect(err).toBe('');
    expect(code).toBe(0);
    for (const heading of [
      'weighted F1',
      'macro F1',
      'большинство',
      'precision',
      'Матрица ошибок',
      'мкс на текст',
    ])
      expect(out).toContain(heading);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report).toMatchObject({ trainSize: 600, testSize: 200, moods: [1, 2, 3, 4, 5, 6] });
    expect(report.model.weightedF1).toBeGreaterThan(report.baseline.weightedF1);
    expect(report.model.perMood).toHaveLength(6);
    expect(report.model.calibration.bins).toHaveLength(10);
    expect(report.peakMemoryMb).toBeGreaterThan(0);
  });

  it('refuses bad input with exit code 2, naming the file and the line, and writes nothing', () => {
    const good = corpusFile('good.csv', 100, 3);
    const json = join(dir, 'never.json');
    const cases: [string[], string][] = [
      [['--train', join(dir, 'missing.csv'), '--test', good], 'missing.csv: файл не найден'],
      [['--train', csv('empty.csv', ''), '--test', good], 'empty.csv: файл пуст'],
      [['--train', csv('header.csv', 'text,label\nплохо,1\n'), '--test', good], 'header.csv, строка 1'],
      [
        ['--train', good, '--test', csv('labels.csv', 'label,text\n1,хорошо\nhappy,ура\n')],
        'labels.csv, строка 3',
      ],
      [['--train', good, '--test', csv('nul.csv', 'label,text\n1,"a\u0000b"\n')], 'nul.csv, строка 2'],
      [
        ['--train', good, '--test', csv('huge.csv', `label,text\n1,${'я'.repeat(1_048_576)}\n`)],
        'huge.csv, строка 2',
      ],
      [['--train', csv('one.csv', 'label,text\n1,хорошо\n1,отлично\n'), '--test', good], 'хотя бы двух'],
      [['--test', good], 'не указан --train'],
    ];
    for (const [args, expected] of cases) {
      const { code, err } = run(...args, '--json', json);
      expect(code, err).toBe(2);
      expect(err).toContain(expected);
      expect(existsSync(json)).toBe(false);
    }
  });
});
