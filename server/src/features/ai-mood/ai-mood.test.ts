import { AI_MOOD_PATHS, apiPath, MESSAGE_FLAG_PATHS, MESSAGE_PATHS, type Mood } from '@monitoring/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, moodModels } from '../../db/schema/index.ts';
import { markMoods, trainMoodModel } from '../../domain/mood-model/index.ts';
import { insertMessages } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { moodCorpus } from '../../test/mood-corpus.ts';
import { retrainIfDue, trainingFinished } from './runner.ts';

let t: Kit;
beforeAll(async () => {
  t = await createKit();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const START = Date.parse('2025-01-01T09:00:00Z');
let clock = 0;

/** Verified messages with their editor's mood, one an hour from where the last batch stopped. */
async function addVerified(count: number, seed: number, even = true): Promise<number[]> {
  const rows = moodCorpus(count, seed, even).map((row) => ({
    text: row.text,
    mood: row.mood,
    verified: true,
    state: 3,
    wroteAt: new Date(START + clock++ * 3_600_000),
  }));
  return insertMessages(t.db, rows);
}

async function train(): Promise<Record<string, unknown>> {
  const res = await t.as('admin').post(AI_MOOD_PATHS.train);
  expect(res.statusCode, res.body).toBe(202);
  await trainingFinished(t.db);
  return (await t.as('admin').get(AI_MOOD_PATHS.train)).json();
}

const activeModels = () => t.db.select().from(moodModels).where(eq(moodModels.active, true));

describe('training', () => {
  it('needs view_settings to read and an administrator to train', async () => {
    expect((await t.anonymous.get(AI_MOOD_PATHS.models)).statusCode).toBe(401);
    expect((await t.as('editor').get(AI_MOOD_PATHS.models)).statusCode).toBe(403);
    expect((await t.as('superEditor').post(AI_MOOD_PATHS.train)).statusCode).toBe(403);
    const res = await t.as('admin').get(AI_MOOD_PATHS.models);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: null, models: [], training: { running: false } });
  });

  it('refuses when fewer than two moods have 50 verified messages, in Russian, and stores nothing', async () => {
    await addVerified(240, 1); // 40 of each mood
    const status = await train();
    expect(status).toMatchObject({ running: false, last: { outcome: 'refused', version: null } });
    expect((status.last as { message: string }).message).toContain('не меньше 50 хотя бы у 2 тональностей');
    expect((status.last as { message: string }).message).toContain('«Другое» — 40');
    expect(await t.db.select().from(moodModels)).toHaveLength(0);
  });

  it('trains on the older 80% and scores on the newest 20%, with an interval and calibration', async () => {
    await addVerified(360, 2); // 100 of each mood in all
    const status = await train();
    expect(status).toMatchObject({ last: { outcome: 'replaced', version: expect.any(Number) } });
    const answer = (await t.as('admin').get(AI_MOOD_PATHS.models)).json();
    const active = answer.active;
    expect(active).toMatchObject({
      training_size: 480,
      test_size: 120,
      trigger: 'manual',
      previous: null,
      moods: [1, 2, 3, 4, 5, 6],
    });
    expect(active.created_by).toBeTruthy();
    expect(active.scores.confusion.flat().reduce((a: number, b: number) => a + b, 0)).toBe(120);
    expect(active.scores.macro_f1).toBeGreaterThan(active.baseline.macro_f1);
    expect(active.scores.weighted_f1).toBeGreaterThan(0);
    expect(active.macro_f1_interval.low).toBeLessThanOrEqual(active.scores.macro_f1);
    expect(active.macro_f1_interval.high).toBeGreaterThanOrEqual(active.scores.macro_f1);
    expect(active.calibration.bins).toHaveLength(10);
    const counted = active.calibration.bins.reduce((a: number, b: { count: number }) => a + b.count, 0);
    expect(counted).toBe(120);
    expect(answer.rules).toMatchObject({ min_per_mood: 50, min_moods: 2 });
    // The test set starts at the 481st message in time: nothing from it trained.
    const [first] = await t.db
      .select({ wroteAt: messages.wroteAt })
      .from(messages)
      .where(eq(messages.verified, true))
      .orderBy(messages.wroteAt, messages.id)
      .offset(480)
      .limit(1);
    expect(active.test_from).toBe(first.wroteAt.toISOString());
    expect(answer.verified).toMatchObject({ total: 600, by_mood: [100, 100, 100, 100, 100, 100] });
  });

  it('replaces the active model only when the new one is better beyond noise', async () => {
    const [before] = await activeModels();
    // An untrained model (0 passes) guesses: its macro-F1 on the same test set is lower.
    const result = await trainMoodModel(t.db, { trigger: 'cli', options: { epochs: 0 } });
    expect(result).toMatchObject({ outcome: 'kept' });
    expect(result.message).toContain('не лучше текущей сверх шума');
    const [after] = await activeModels();
    expect(after.id).toBe(before.id);
    const untrained = (result as { modelId: number }).modelId;
    const [stored] = await t.db.select().from(moodModels).where(eq(moodModels.id, untrained));
    expect(stored).toMatchObject({ accepted: false, active: false, previousId: before.id });
    expect(stored.previousMacroF1).toBeCloseTo(before.macroF1, 5);
    expect(stored.differenceHigh).toBeLessThan(0);
    // The same training again is as good, not better beyond noise: the active model stays.
    const again = await trainMoodModel(t.db, { trigger: 'cli' });
    expect(again).toMatchObject({ outcome: 'kept' });
    const [same] = await t.db
      .select()
      .from(moodModels)
      .where(eq(moodModels.id, (again as { modelId: number }).modelId));
    expect(same.differenceLow).toBeLessThanOrEqual(0);
    expect(same.differenceHigh).toBeGreaterThanOrEqual(0);
    expect((await activeModels())[0].id).toBe(before.id);
    // With the guessing model active, a trained one is better beyond noise and replaces it.
    await t.db.update(moodModels).set({ active: false }).where(eq(moodModels.id, before.id));
    await t.db.update(moodModels).set({ active: true }).where(eq(moodModels.id, untrained));
    const better = await trainMoodModel(t.db, { trigger: 'cli' });
    expect(better).toMatchObject({ outcome: 'replaced' });
    const [now] = await activeModels();
    expect(now.previousId).toBe(untrained);
    expect(now.differenceLow).toBeGreaterThan(0);
  });

  it('leaves out a mood with fewer than 50 verified messages, and says so', async () => {
    const [before] = await activeModels();
    await t.db.execute(sql`update messages set verified = false where mood = 4 and id % 2 = 0`);
    await t.db.update(moodModels).set({ active: false }).where(eq(moodModels.id, before.id));
    const result = await trainMoodModel(t.db, { trigger: 'cli' });
    expect(result).toMatchObject({ outcome: 'replaced', moods: [1, 2, 3, 5, 6] });
    expect(result.message).toContain('не знает тональностей «Другое»');
    const answer = (await t.as('admin').get(AI_MOOD_PATHS.models)).json();
    expect(answer.active.moods).toEqual([1, 2, 3, 5, 6]);
    // Its marks are only of the moods it knows.
    const texts = moodCorpus(60, 21, true).map((r) => r.text);
    const ids = await insertMessages(
      t.db,
      texts.map((text) => ({ text, wroteAt: new Date(START + 300 * DAY), state: 1 })),
    );
    await t.db.transaction((tx) => markMoods(tx, ids));
    const marks = await t.db
      .select({ mood: messages.moodAi })
      .from(messages)
      .where(inArray(messages.id, ids));
    expect(marks.some((m) => m.mood !== null)).toBe(true);
    expect(marks.some((m) => m.mood === 4)).toBe(false);
    await t.db.execute(sql`update messages set verified = true where mood = 4 and state = 3`);
  });

  it('keeps the current model when a later run is refused', async () => {
    const [before] = await activeModels();
    await t.db.execute(sql`update messages set verified = false where mood <> 3 and state = 3`);
    const result = await trainMoodModel(t.db, { trigger: 'cli' });
    expect(result.outcome).toBe('refused');
    expect((await activeModels())[0].id).toBe(before.id);
    await t.db.execute(sql`update messages set verified = true where state = 3`);
  });

  it('retrains by itself once 500 verified messages came in since the newest model', async () => {
    expect(await retrainIfDue(t.db)).toBe(false);
    await addVerified(500, 3, false);
    expect(await retrainIfDue(t.db)).toBe(true);
    await trainingFinished(t.db);
    const [newest] = await t.db.select().from(moodModels).orderBy(sql`id desc`).limit(1);
    expect(newest).toMatchObject({ trigger: 'auto', verifiedCount: 1100 });
    expect(await retrainIfDue(t.db)).toBe(false);
  });

  it('retrains at once when the active model was trained on features of an older version', async () => {
    const [active] = await activeModels();
    await t.db.update(moodModels).set({ featureVersion: 1 }).where(eq(moodModels.id, active.id));
    expect(await retrainIfDue(t.db)).toBe(true);
    await trainingFinished(t.db);
    const [now] = await activeModels();
    expect(now.id).not.toBe(active.id);
    expect(now).toMatchObject({ trigger: 'auto', featureVersion: 2 });
    // Once tried for this count, not again until more messages come.
    expect(await retrainIfDue(t.db)).toBe(false);
  });
});

describe('marking', () => {
  it('marks only messages with no mood, no mark and state 1, inside the transaction', async () => {
    const texts = moodCorpus(30, 11).map((r) => r.text);
    const wroteAt = new Date(START + 400 * DAY);
    const ids = await insertMessages(t.db, [
      ...texts.map((text) => ({ text, wroteAt, state: 1 })),
      { text: texts[0], wroteAt, state: 1, mood: 5 as Mood },
      { text: texts[1], wroteAt, state: 3 },
      { text: '', wroteAt, state: 1 },
    ]);
    const result = await t.db.transaction((tx) => markMoods(tx, ids));
    expect(result.examined).toBe(31);
    expect(result.marked + result.lowConfidence).toBe(31);
    const rows = await t.db.select().from(messages).where(inArray(messages.id, ids)).orderBy(messages.id);
    for (const row of rows.slice(0, 30).concat(rows[32])) {
      expect(row.moodAiConfidence).not.toBeNull();
      expect(row.moodAi !== null).toBe((row.moodAiConfidence ?? 0) >= 0.4);
      expect(row.state).toBe(row.moodAi !== null ? 2 : 1);
    }
    expect(rows[30]).toMatchObject({ mood: 5, moodAi: null, moodAiConfidence: null, state: 1 });
    expect(rows[31]).toMatchObject({ moodAi: null, moodAiConfidence: null, state: 3 });
    // Marked once: a second call finds nothing left to mark among them but the low-confidence ones.
    const again = await t.db.transaction((tx) => markMoods(tx, ids));
    expect(again.marked).toBe(0);
  });

  it('marks a period on demand for an administrator, and Zefir works on the marks', async () => {
    const texts = moodCorpus(12, 21).map((r) => r.text);
    const wroteAt = new Date('2025-06-15T10:00:00Z');
    const ids = await insertMessages(
      t.db,
      texts.map((text) => ({ text, wroteAt, state: 1 })),
    );
    const body = { date_from: '2025-06-15', date_to: '2025-06-15' };
    expect((await t.as('editor').post(AI_MOOD_PATHS.mark, body)).statusCode).toBe(403);
    const bad = await t
      .as('admin')
      .post(AI_MOOD_PATHS.mark, { date_from: '2025-06-16', date_to: '2025-06-15' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('date_from');
    const res = await t.as('admin').post(AI_MOOD_PATHS.mark, { ...body, ids: ids.slice(0, 10) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ examined: 10 });
    const rest = (await t.as('admin').post(AI_MOOD_PATHS.mark, body)).json();
    expect(rest.examined).toBe(2 + (10 - res.json().marked));

    const [marked] = await t.db
      .select()
      .from(messages)
      .where(sql`${messages.id} = any(${`{${ids.join(',')}}`}::int[]) and mood_ai is not null`)
      .limit(1);
    const editor = t.as('editor');
    const verify = await editor.patch(apiPath(MESSAGE_FLAG_PATHS.v2.verify_ai, { id: marked.id }));
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().verified_ai).toBe(true);
    const convert = await editor.post(apiPath(MESSAGE_PATHS.convertFromAi, { id: marked.id }));
    expect(convert.statusCode, convert.body).toBe(200);
    const [after] = await t.db.select().from(messages).where(eq(messages.id, marked.id));
    expect(after).toMatchObject({ mood: marked.moodAi, state: 4, verifiedAi: true });

    // The editor's correction, verified, is training data for the next model.
    const before = (await t.as('admin').get(AI_MOOD_PATHS.models)).json().verified.total;
    const corrected = ((marked.moodAi ?? 1) % 6) + 1;
    const fix = await editor.patch(MESSAGE_PATHS.fields, {
      ids: [marked.id],
      mood: corrected,
      verified: true,
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect((await t.as('admin').get(AI_MOOD_PATHS.models)).json().verified.total).toBe(before + 1);
  });

  it('answers 409 in Russian when there is no model to mark with', async () => {
    await t.db.update(moodModels).set({ active: false });
    const res = await t
      .as('admin')
      .post(AI_MOOD_PATHS.mark, { date_from: '2024-01-01', date_to: '2024-01-02' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Нет обученной модели');
  });
});
