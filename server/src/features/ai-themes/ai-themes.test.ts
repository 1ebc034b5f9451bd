import {
  AI_THEME_PATHS,
  type AiProposalList,
  type AiProposeResult,
  apiPath,
  THEME_WRITE_PATHS,
  type ThemeDetail,
} from '@monitoring/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiThemeProposals, messageMarkups, messages, themes } from '../../db/schema/index.ts';
import { proposalsOf } from '../../domain/ai-themes/propose.ts';
import { invalidateSuggestionModel, suggestThemes } from '../../domain/ai-themes/suggest.ts';
import { templateSentences, withoutTemplates } from '../../domain/ai-themes/vectors.ts';
import { aggregateSnapshot } from '../../test/factories-aggregates.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let editor: UserCaller;
let viewer: UserCaller;
const db = () => kit.db;

const ROADS = [
  'Ремонт дороги на улице Ленина снова затянулся, подрядчик обещает закончить асфальт к пятнице',
  'На улице Ленина перекрыли движение: ремонт дороги и замена асфальта продлятся неделю',
  'Жители жалуются на ремонт дороги по улице Ленина, асфальт кладут прямо в дождь',
  'Подрядчик сорвал сроки ремонта дороги на Ленина, асфальт лежит неровно',
  'Ремонт дорог: на улице Ленина новый асфальт уже пошёл трещинами',
  'Когда закончится ремонт дороги на улице Ленина? Асфальт снимают второй раз',
];
const CONCERTS = [
  'В филармонии прошёл концерт симфонического оркестра, зал аплодировал стоя',
  'Симфонический оркестр филармонии дал концерт для школьников',
  'Билеты на концерт оркестра в филармонии раскупили за день',
  'Концерт симфонического оркестра в филармонии перенесли на субботу',
  'Филармония объявила сезон: оркестр сыграет концерт Чайковского',
  'Оркестр филармонии готовит новогодний концерт, репетиции идут каждый день',
];
const NOISE = [
  'Погода на выходные: без осадков, до плюс пяти',
  'В зоопарке родился детёныш капибары',
  'Курс рубля на торгах почти не изменился',
  'Библиотека продлила часы работы по субботам',
];
const FLOODS = [
  'Паводок в пригороде: вода подтопила дачи у реки, спасатели эвакуируют жителей',
  'Уровень воды в реке растёт, паводок подтопил дома и огороды в пригороде',
  'Спасатели откачивают воду после паводка, подтоплены подвалы у реки',
  'Паводок: река вышла из берегов, в пригороде подтоплены улицы',
  'Жители дач у реки жалуются: паводок и вода в домах, спасатели не успевают',
];

const yesterday = () => new Date(Date.now() - 24 * 3600_000);

let floodTheme: number;

async function message(text: string, themeId: number | null = null) {
  return buildMessage(db(), { text, themeId, wroteAt: yesterday() });
}

beforeAll(async () => {
  kit = await createKit();
  editor = await kit.caller({ role: 2 });
  viewer = await kit.caller({ role: 3 });
  floodTheme = (await buildTheme(db(), { name: 'Паводок', approved: true })).id;
  for (const text of FLOODS) await message(text, floodTheme);
  invalidateSuggestionModel();
});

afterAll(async () => {
  await kit.close();
});

describe('template sentences (pure)', () => {
  // The roads and the concerts, each post signed off with one of two long stock phrases, across the topics.
  const SIGN_OFFS = [
    'Свои вопросы пишите в комментариях, ответим каждому подписчику канала.',
    'Подписывайтесь на наш канал, чтобы не пропустить важные новости района.',
  ];
  const topics = [...ROADS, ...CONCERTS];
  const rows = topics.map((text, i) => ({ id: i + 1, text: `${text}. ${SIGN_OFFS[i % 2]}` }));

  it('finds the sentences repeated across texts, numbers aside, and leaves them out', () => {
    const templates = templateSentences(rows.map((r) => r.text));
    expect([...templates].sort()).toEqual(SIGN_OFFS.map((s) => s.toLowerCase()).sort());
    expect(withoutTemplates(rows[0].text, templates)).toBe(`${ROADS[0]}.`);
    const numbered = templateSentences(
      Array.from({ length: 10 }, (_, i) => `Опрос показал ${i * 7} процентов. Текст ${'я'.repeat(i + 1)}`),
    );
    expect([...numbered]).toEqual(['опрос показал # процентов.']);
  });

  it('groups the posts by topic and names them by it, with no word of the sign-offs', () => {
    const proposals = proposalsOf(rows);
    expect(proposals.map((p) => p.messages.map((m) => m.id).sort((a, b) => a - b))).toEqual([
      [1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 12],
    ]);
    const words = proposals.flatMap((p) => p.terms);
    for (const word of ['подписывайтесь', 'комментариях', 'канала', 'пишите', 'новости'])
      expect(words).not.toContain(word);
  });
});

describe('clustering (pure)', () => {
  const rows = [...ROADS, ...CONCERTS, ...NOISE].map((text, i) => ({ id: i + 1, text }));

  it('groups the texts by topic, names each from its top terms, and is deterministic', () => {
    const proposals = proposalsOf(rows);
    expect(proposals).toHaveLength(2);
    const groups = proposals.map((p) => p.messages.map((m) => m.id).sort((a, b) => a - b));
    expect(groups).toContainEqual([1, 2, 3, 4, 5, 6]);
    expect(groups).toContainEqual([7, 8, 9, 10, 11, 12]);
    const roads = proposals.find((p) => p.messages.some((m) => m.id === 1));
    // Surface words, not stems: «асфальт», «ленина», not «ленин».
    expect(roads?.terms).toEqual(expect.arrayContaining(['асфальт', 'ленина']));
    expect(roads?.name).toMatch(/^[А-ЯЁ]/);
    expect(proposalsOf(rows)).toEqual(proposals);
  });

  it('proposes nothing from texts that share no topic', () => {
    expect(proposalsOf(NOISE.map((text, i) => ({ id: i + 1, text })))).toEqual([]);
  });
});

describe('create_ai_theme/ with a name', () => {
  it('finds the messages about the name by Russian full-text search and proposes them', async () => {
    const ids: number[] = [];
    for (const text of ROADS.slice(0, 3)) ids.push((await message(text)).id);
    const other = await message(CONCERTS[0]);
    const res = await editor.post(THEME_WRITE_PATHS.createAi, { theme_name: 'ремонт дорог' });
    expect(res.statusCode).toBe(201);
    const theme = res.json<ThemeDetail>();
    expect(theme).toMatchObject({ name: 'ремонт дорог', created_by_ai: true, draft: true, approved: false });
    const marked = await db()
      .select({ messageId: messageMarkups.messageId, ai: messageMarkups.ai })
      .from(messageMarkups)
      .where(eq(messageMarkups.themeId, theme.id));
    expect(marked.map((m) => m.messageId).sort((a, b) => a - b)).toEqual(ids);
    expect(marked.every((m) => m.ai)).toBe(true);
    expect(marked.map((m) => m.messageId)).not.toContain(other.id);
    // Rejecting (deleting) the proposal leaves the messages as they were.
    expect(
      (await editor.request('DELETE', apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }))).statusCode,
    ).toBe(204);
    await db()
      .delete(messages)
      .where(inArray(messages.id, [...ids, other.id]));
  });

  it('keeps a theme with no messages when the search finds none', async () => {
    const res = await editor.post(THEME_WRITE_PATHS.createAi, { theme_name: 'Кибернетика' });
    expect(res.statusCode).toBe(201);
    expect(res.json<ThemeDetail>()).toMatchObject({ name: 'Кибернетика', info_reasons: [] });
    await editor.request('DELETE', apiPath(THEME_WRITE_PATHS.detail, { id: res.json<ThemeDetail>().id }));
  });
});

describe('ai-propose/, ai-proposals/ and approval', () => {
  const roadIds: number[] = [];
  const concertIds: number[] = [];
  let floodMessage: number;
  let result: AiProposeResult;

  beforeAll(async () => {
    for (const text of ROADS) roadIds.push((await message(text)).id);
    for (const text of CONCERTS) concertIds.push((await message(text)).id);
    for (const text of NOISE) await message(text);
    floodMessage = (await message('Паводок у реки: вода подтопила дачи в пригороде, спасатели на месте')).id;
    invalidateSuggestionModel();
  });

  it('is guarded and validates its window', async () => {
    expect((await kit.anonymous.request('POST', AI_THEME_PATHS.propose, {})).statusCode).toBe(401);
    expect((await viewer.post(AI_THEME_PATHS.propose, {})).statusCode).toBe(403);
    expect((await viewer.get(AI_THEME_PATHS.proposals)).statusCode).toBe(403);
    for (const days of [-1, 0, 'x', 2 ** 63, true, 366]) {
      const res = await editor.post(AI_THEME_PATHS.propose, { days });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('days');
    }
    expect((await editor.post(AI_THEME_PATHS.propose, { limit: 50_001 })).json().field).toBe('limit');
  });

  it('suggests the approved theme for a resembling message, and proposes the rest as draft AI themes', async () => {
    const res = await editor.post(AI_THEME_PATHS.propose, {});
    expect(res.statusCode).toBe(200);
    result = res.json<AiProposeResult>();
    expect(result.suggested).toBe(1);
    const [suggestion] = await db()
      .select()
      .from(messageMarkups)
      .where(eq(messageMarkups.messageId, floodMessage));
    expect(suggestion).toMatchObject({ themeId: floodTheme, ai: true });
    expect(result.proposals).toHaveLength(2);
    const roads = result.proposals.find((p) => p.terms.includes('асфальт'));
    expect(roads?.messages).toBe(6);
    const [theme] = await db()
      .select()
      .from(themes)
      .where(eq(themes.id, roads?.theme_id ?? 0));
    expect(theme).toMatchObject({ createdByAi: true, draft: true, approved: false });
    const [terms] = await db().select().from(aiThemeProposals).where(eq(aiThemeProposals.themeId, theme.id));
    expect(terms).toMatchObject({ origin: 'clustering', messageCount: 6 });
    // A second run finds nothing new: the messages wait in their proposals.
    const again = (await editor.post(AI_THEME_PATHS.propose, null)).json<AiProposeResult>();
    expect(again.proposals).toEqual([]);
  });

  it('lists the proposals with terms, info reasons and samples', async () => {
    const res = await editor.get(AI_THEME_PATHS.proposals);
    expect(res.statusCode).toBe(200);
    const list = res.json<AiProposalList>();
    expect(list.elements_count).toBe(2);
    const roads = list.results.find((p) => p.terms.includes('асфальт'));
    expect(roads).toMatchObject({ messages: 6, origin: 'clustering' });
    expect(roads?.samples).toHaveLength(3);
    expect(roads?.samples[0].text).toMatch(/Ленина/);
  });

  it('approving a proposal moves its messages into the theme and keeps the rollups', async () => {
    const roads = result.proposals.find((p) => p.terms.includes('асфальт'));
    const concerts = result.proposals.find((p) => p !== roads);
    // The /themes-ai page approves with PATCH {id}/ approved; the bulk call with POST approve/.
    const patch = await editor.request(
      'PATCH',
      apiPath(THEME_WRITE_PATHS.detail, { id: roads?.theme_id ?? 0 }),
      {
        approved: true,
      },
    );
    expect(patch.statusCode).toBe(200);
    expect(patch.json<ThemeDetail>()).toMatchObject({ approved: true, draft: false });
    const bulk = await editor.post(THEME_WRITE_PATHS.approve, { ids: [concerts?.theme_id] });
    expect(bulk.statusCode).toBe(202);
    const moved = await db()
      .select({ id: messages.id, themeId: messages.themeId })
      .from(messages)
      .where(inArray(messages.id, [...roadIds, ...concertIds]));
    for (const row of moved) {
      expect(row.themeId).toBe(roadIds.includes(row.id) ? roads?.theme_id : concerts?.theme_id);
    }
    const left = await db()
      .select()
      .from(messageMarkups)
      .where(
        and(eq(messageMarkups.ai, true), inArray(messageMarkups.messageId, [...roadIds, ...concertIds])),
      );
    expect(left).toEqual([]);
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current).toEqual(snapshot.expected);
    expect((await editor.get(AI_THEME_PATHS.proposals)).json<AiProposalList>().elements_count).toBe(0);
  });

  it('an editor confirms a suggestion: the message takes the theme', async () => {
    const [suggestion] = await db()
      .select()
      .from(messageMarkups)
      .where(eq(messageMarkups.messageId, floodMessage));
    const url = apiPath(AI_THEME_PATHS.confirmMarkup, { id: suggestion.id });
    expect((await viewer.post(url, null)).statusCode).toBe(403);
    const res = await editor.post(url, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'primary', theme: floodTheme, message: floodMessage });
    const [row] = await db().select().from(messages).where(eq(messages.id, floodMessage));
    expect(row.themeId).toBe(floodTheme);
    expect(await db().select().from(messageMarkups).where(eq(messageMarkups.id, suggestion.id))).toEqual([]);
    expect((await editor.post(url, null)).statusCode).toBe(404);
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current).toEqual(snapshot.expected);
  });
});

describe('suggestThemes', () => {
  it('suggests nothing below the threshold and nothing for a message with a theme', async () => {
    invalidateSuggestionModel();
    const unrelated = await message('В зоопарке родился детёныш капибары');
    const themed = await message(FLOODS[0], floodTheme);
    const written = await db().transaction((tx) => suggestThemes(tx, [unrelated.id, themed.id]));
    expect(written).toEqual([]);
  });

  it('does not let a pending proposal be confirmed before its theme is approved', async () => {
    const m = await message('Тестовое сообщение про выставку');
    const draft = await buildTheme(db(), { name: 'Черновик ИИ', createdByAi: true, draft: true });
    const [markup] = await db()
      .insert(messageMarkups)
      .values({ messageId: m.id, themeId: draft.id, ai: true, aiScore: 0.5 })
      .returning();
    const res = await editor.post(apiPath(AI_THEME_PATHS.confirmMarkup, { id: markup.id }), null);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('id');
  });
});
