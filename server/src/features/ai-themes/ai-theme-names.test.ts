import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AI_THEME_PATHS, type AiProposalList } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_WORDS, isNameFiller, NAME_STOP_WORDS } from '../../domain/ai-themes/names.ts';
import { proposalsOf } from '../../domain/ai-themes/propose.ts';
import { createKit, type Kit } from '../../test/kit.ts';

/** Names of AI proposals (docs/ai-themes.md "Names"): a characteristic phrase, no stop or generic word. */

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/** The words of a name that no name may hold (stop words, generic words, numbers). */
const fillerOf = (name: string) => (name.match(WORD) ?? []).filter(isNameFiller);

const SAMPLE = fileURLToPath(new URL('../../../data/ingest-sample.ndjson', import.meta.url));

describe('the lists of words left out of names', () => {
  it('hold the words of the issue and match every form of a generic word', () => {
    for (const word of ['нашего', 'после', 'и', 'на']) expect(NAME_STOP_WORDS.has(word)).toBe(true);
    for (const word of ['говорят', 'коротко', 'назначено', 'четверг', 'подробности'])
      expect(GENERIC_WORDS).toContain(word);
    // By stem: «новостей», «Четверга» are the generic «новости», «четверг».
    expect(fillerOf('Новостей четверга Собрание')).toEqual(['Новостей', 'четверга']);
  });
});

describe('names of proposals (pure)', () => {
  const SCHOOLS = [
    'Капитальный ремонт школ в районе начнётся летом, подрядчик уже выбран',
    'Родители спрашивают, когда закончится капитальный ремонт школ на окраине',
    'Говорят, капитальный ремонт школ опять сдвинули: коротко о главном',
    'Капитальный ремонт школы №5: окна и крыша заменены',
    'Депутаты проверили капитальный ремонт школ и нашли нарушения',
    'Капитальный ремонт школ идёт с опережением графика',
  ];
  const PARKS = [
    'В центральном парке высадили новые липы, аллеи расширили',
    'Центральный парк закрыт на реконструкцию аллей до осени',
    'Жители просят вернуть скамейки в центральный парк',
    'Реконструкция центрального парка: аллеи и фонтан будут готовы к маю',
    'Фонтан центрального парка снова работает, аллеи открыты',
  ];
  const NOISE = [
    'Погода на выходные: без осадков, до плюс пяти',
    'В зоопарке родился детёныш капибары',
    'Курс рубля на торгах почти не изменился',
    'Библиотека продлила часы работы по субботам',
    'На ярмарке в выходные продавали мёд и сыр',
    'Футбольный клуб выиграл домашний матч',
    'В музее открылась выставка старинных карт',
    'Вечером возможен сильный ветер, предупреждают синоптики',
  ];
  const rows = [...SCHOOLS, ...PARKS, ...NOISE].map((text, i) => ({ id: i + 1, text }));

  it('names a cluster by its top phrase, in the surface forms met most often, in sentence case', () => {
    const proposals = proposalsOf(rows);
    const schools = proposals.find((p) => p.messages.some((m) => m.id === 1));
    expect(schools?.name).toBe('Капитальный ремонт школ');
    // The keywords stay, apart from the name.
    expect(schools?.terms).toEqual(expect.arrayContaining(['капитальный', 'ремонт']));
    expect(proposals.map((p) => p.name)).toHaveLength(new Set(proposals.map((p) => p.name)).size);
  });

  it('gives the sample file’s proposals names with no stop word, no generic word and no comma list', () => {
    const lines = readFileSync(SAMPLE, 'utf8').split('\n').filter(Boolean);
    const sample = lines.map((line, i) => ({ id: i + 1, text: (JSON.parse(line) as { text: string }).text }));
    const proposals = proposalsOf(sample);
    expect(proposals.length).toBeGreaterThan(10);
    for (const p of proposals) {
      expect(fillerOf(p.name), p.name).toEqual([]);
      for (const reason of p.infoReasons) expect(fillerOf(reason.name), reason.name).toEqual([]);
    }
    // Phrases, not keyword lists: most names have two or three words and no comma.
    const phrases = proposals.filter((p) => !p.name.includes(',') && p.name.split(' ').length >= 2);
    expect(phrases.length).toBeGreaterThanOrEqual(proposals.length * 0.8);
  });
});

describe('names of the demo’s proposals', () => {
  let kit: Kit;

  beforeAll(async () => {
    // The demo's seed clusters its recent unthemed messages (the crawler's first deliveries among them).
    kit = await createKit({}, { demo: { messages: 1500, loms: 40, themes: 10, seed: 7 } });
  });

  afterAll(async () => {
    await kit.close();
  });

  it('has no stop word or generic word in any proposal or info reason name, and keeps the keywords apart', async () => {
    const res = await kit.as('admin').get(`${AI_THEME_PATHS.proposals}?page_size=50`);
    expect(res.statusCode).toBe(200);
    const list = res.json<AiProposalList>();
    expect(list.results.length).toBeGreaterThan(3);
    for (const p of list.results) {
      expect(fillerOf(p.name), p.name).toEqual([]);
      expect(p.name).not.toContain(',');
      expect(p.name.charAt(0)).toBe(p.name.charAt(0).toUpperCase());
      expect(p.terms.length).toBeGreaterThan(0);
      for (const reason of p.info_reasons) expect(fillerOf(reason.name), reason.name).toEqual([]);
    }
  });
});
