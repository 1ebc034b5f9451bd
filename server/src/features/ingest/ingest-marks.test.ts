import { INGEST_PATHS, type IngestResult, MESSAGE_STATUSES, ROLES } from '@monitoring/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageMarkups, messages, sources } from '../../db/schema/index.ts';
import { invalidateSuggestionModel } from '../../domain/ai-themes/suggest.ts';
import { MOOD_CONFIDENCE_THRESHOLD, trainMoodModel } from '../../domain/mood-model/index.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildMessage, insertMessages } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';
import { moodCorpus } from '../../test/mood-corpus.ts';

/**
 * Ingestion marks what it stores with the active mood model, in the same transaction
 * (docs/ingestion.md, docs/mood-model.md): mood_ai, its confidence and status «marked by AI»;
 * a message the model is unsure of keeps status «entered» and no mood_ai; without a model
 * nothing is marked.
 */
let kit: Kit;
let service: UserCaller;
beforeAll(async () => {
  kit = await createKit();
  await kit.db.insert(sources).values({ id: 1, name: 'Telegram', host: 't.me' });
  await kit.db.execute(sql`select setval(pg_get_serial_sequence('sources', 'id'), 1)`);
  service = await kit.caller({ role: ROLES.service, extraPermissions: ['api_edit'] });
});
afterAll(() => kit.close());

const post = (lines: readonly object[]) =>
  service.inject({
    method: 'POST',
    url: INGEST_PATHS.messages,
    payload: lines.map((line) => JSON.stringify(line)).join('\n'),
    headers: { 'content-type': 'application/x-ndjson' },
  });

const lines = (prefix: string, texts: readonly string[]) =>
  texts.map((text, i) => ({
    source: 'Telegram',
    external_id: `${prefix}${i}`,
    text,
    wrote_at: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
  }));

describe('ingestion and the mood model', () => {
  it('stores without marks while no model is trained', async () => {
    const res = await post(lines('none-', ['Отличная новость для города']));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<IngestResult>()).toMatchObject({ created: 1, marked_by_ai: 0 });
  });

  it('marks every new message with the active model in the same request', async () => {
    const START = Date.parse('2025-01-01T09:00:00Z');
    await insertMessages(
      kit.db,
      moodCorpus(720, 7, true).map((row, i) => ({
        text: row.text,
        mood: row.mood,
        verified: true,
        state: MESSAGE_STATUSES.APPROVED,
        wroteAt: new Date(START + i * 3_600_000),
      })),
    );
    const trained = await trainMoodModel(kit.db, { trigger: 'cli' });
    expect(trained.outcome, JSON.stringify(trained)).toBe('replaced');

    const texts = moodCorpus(40, 99).map((row) => row.text);
    const res = await post(lines('new-', texts));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<IngestResult>();
    expect(answer.created).toBe(40);
    const stored = await kit.db
      .select({ moodAi: messages.moodAi, confidence: messages.moodAiConfidence, state: messages.state })
      .from(messages)
      .where(
        inArray(
          messages.externalId,
          texts.map((_, i) => `new-${i}`),
        ),
      );
    const marked = stored.filter((m) => m.moodAi !== null);
    expect(answer.marked_by_ai).toBe(marked.length);
    expect(marked.length).toBeGreaterThan(0);
    expect(stored).toHaveLength(40);
    for (const m of stored) {
      expect(m.confidence).not.toBeNull();
      if (m.moodAi === null) {
        expect(m.confidence).toBeLessThan(MOOD_CONFIDENCE_THRESHOLD);
        expect(m.state).toBe(MESSAGE_STATUSES.ENTERED);
      } else {
        expect(m.confidence).toBeGreaterThanOrEqual(MOOD_CONFIDENCE_THRESHOLD);
        expect(m.state).toBe(MESSAGE_STATUSES.AI_MARKED);
      }
    }
  });
});

const FLOODS = [
  'Паводок в пригороде: вода подтопила дачи у реки, спасатели эвакуируют жителей',
  'Уровень воды в реке растёт, паводок подтопил дома и огороды в пригороде',
  'Спасатели откачивают воду после паводка, подтоплены подвалы у реки',
  'Паводок: река вышла из берегов, в пригороде подтоплены улицы',
  'Жители дач у реки жалуются: паводок и вода в домах, спасатели не успевают',
];

describe('ingestion and the approved themes', () => {
  it('suggests the approved theme a new message resembles, as an AI markup, and nothing for the rest', async () => {
    const theme = await buildTheme(kit.db, { name: 'Паводок', approved: true });
    for (const text of FLOODS)
      await buildMessage(kit.db, { text, themeId: theme.id, wroteAt: new Date(Date.now() - 86_400_000) });
    invalidateSuggestionModel();
    const res = await post(
      lines('theme-', [
        'Паводок у реки: вода подтопила дачи в пригороде, спасатели снова эвакуируют жителей',
        'В зоопарке родился детёныш капибары',
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<IngestResult>().themes_suggested).toBe(1);
    const markups = await kit.db
      .select({ externalId: messages.externalId, themeId: messageMarkups.themeId, ai: messageMarkups.ai })
      .from(messageMarkups)
      .innerJoin(messages, eq(messages.id, messageMarkups.messageId))
      .where(inArray(messages.externalId, ['theme-0', 'theme-1']));
    expect(markups).toEqual([{ externalId: 'theme-0', themeId: theme.id, ai: true }]);
  });
});
