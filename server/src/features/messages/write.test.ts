import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, userActions } from '../../db/schema/index.ts';
import { aggregateSnapshot, rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
let editor: UserCaller;
let superEditor: UserCaller;
let viewer: UserCaller;

beforeAll(async () => {
  t = await createKit();
  editor = t.as('editor');
  superEditor = t.as('superEditor');
  viewer = t.as('user');
});
afterAll(() => t.close());

const logOf = async (messageId: number) =>
  t.database.db
    .select()
    .from(userActions)
    .where(eq(userActions.messageId, messageId))
    .orderBy(userActions.id);
const flagsOf = async (id: number) => {
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
  return row;
};

describe('PATCH messages/{id}/<flag>/', () => {
  it('toggles each flag singly and answers the updated message', async () => {
    const m = await buildMessage(t.database.db);
    const calls = [
      ['verify', 'verified'],
      ['delay', 'delayed'],
      ['archive', 'archived'],
      ['trash', 'trash'],
      ['verify_ai', 'verified_ai'],
    ] as const;
    for (const [call, field] of calls) {
      const before = await flagsOf(m.id);
      const res = await editor.patch(`/api/v2/messages/${m.id}/${call}/`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body[field]).toBe(true);
      // Nothing else moved.
      for (const [, other] of calls) if (other !== field) expect(body[other]).toBe(beforeFlag(before, other));
      const again = await editor.patch(`/api/v1/messages/${m.id}/${call}/`);
      expect(again.json()[field]).toBe(false);
    }
    const log = await logOf(m.id);
    expect(log.map((r) => r.action)).toEqual([
      'message.verify',
      'message.verify',
      'message.delay',
      'message.delay',
      'message.archive',
      'message.archive',
      'message.trash',
      'message.trash',
      'message.verify_ai',
      'message.verify_ai',
    ]);
    expect(log[0]).toMatchObject({
      userId: editor.user.id,
      type: 1,
      oldValue: { verified: false },
      newValue: { verified: true },
    });
    expect(log[1]).toMatchObject({ oldValue: { verified: true }, newValue: { verified: false } });
  });

  it('super-verify clears archived and delayed first, then toggles verified_by_super_editor', async () => {
    const m = await buildMessage(t.database.db, { archived: true, delayed: true, verified: true });
    const res = await superEditor.patch(`/api/v1/messages/${m.id}/se-verify/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      verified_by_super_editor: true,
      archived: false,
      delayed: false,
      verified: true,
    });
    const back = await superEditor.patch(`/api/v1/messages/${m.id}/se-verify/`);
    expect(back.json()).toMatchObject({ verified_by_super_editor: false, archived: false, delayed: false });
    const [first, second] = await logOf(m.id);
    expect(first).toMatchObject({
      action: 'message.se_verify',
      oldValue: { archived: true, delayed: true, verified_by_super_editor: false },
      newValue: { archived: false, delayed: false, verified_by_super_editor: true },
    });
    expect(second).toMatchObject({
      oldValue: { verified_by_super_editor: true },
      newValue: { verified_by_super_editor: false },
    });
  });

  it('applies the Zefir rules to a trash item of the special source', async () => {
    const m = await buildMessage(t.database.db, { fromZephyr: true, trash: true });
    const verify = await editor.patch(`/api/v1/messages/${m.id}/verify/`);
    expect(verify.json()).toMatchObject({ verified: false, verified_ai: true, trash: true });
    const archive = await editor.patch(`/api/v1/messages/${m.id}/archive/`);
    expect(archive.json()).toMatchObject({ archived: false, trash: false, verified_ai: true });
    // No longer trash: the ordinary rules hold again.
    const verifyAgain = await editor.patch(`/api/v1/messages/${m.id}/verify/`);
    expect(verifyAgain.json()).toMatchObject({ verified: true, verified_ai: true });
    expect((await logOf(m.id)).map((r) => r.action)).toEqual([
      'message.verify_ai',
      'message.trash',
      'message.verify',
    ]);
    // An ordinary trash message (not from Zefir) toggles its own flags.
    const plain = await buildMessage(t.database.db, { trash: true });
    expect((await editor.patch(`/api/v1/messages/${plain.id}/archive/`)).json()).toMatchObject({
      archived: true,
      trash: true,
    });
  });

  it('keeps the rollup and the lom metrics current', async () => {
    const lom = await buildLom(t.database.db);
    const a = await buildMessage(t.database.db, { lomId: lom.id, mood: 1 });
    await buildMessage(t.database.db, { lomId: lom.id, mood: 1 });
    await rebuildAggregates(t.database.db);
    for (const call of ['verify', 'archive', 'trash', 'delay'])
      await editor.patch(`/api/v1/messages/${a.id}/${call}/`);
    const { current, expected } = await aggregateSnapshot(t.database.db);
    expect(current).toEqual(expected);
    const lomRow = current.loms.find((l) => l.id === lom.id);
    expect(lomRow).toMatchObject({ message_number: 1, messages_count: 1, verified_count: 0 });
  });

  it('answers 401, 403, 404 and 400', async () => {
    const m = await buildMessage(t.database.db);
    expect((await t.anonymous.patch(`/api/v1/messages/${m.id}/verify/`)).statusCode).toBe(401);
    expect((await viewer.patch(`/api/v1/messages/${m.id}/verify/`)).statusCode).toBe(403);
    // Super-verify is the super editor's.
    expect((await editor.patch(`/api/v1/messages/${m.id}/se-verify/`)).statusCode).toBe(403);
    expect((await editor.patch('/api/v2/messages/999999/trash/')).statusCode).toBe(404);
    const bad = await editor.patch('/api/v1/messages/abc/verify/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
    expect(await logOf(m.id)).toEqual([]);
  });
});

function beforeFlag(row: typeof messages.$inferSelect, field: string): boolean {
  const map: Record<string, boolean> = {
    verified: row.verified,
    delayed: row.delayed,
    archived: row.archived,
    trash: row.trash,
    verified_ai: row.verifiedAi,
  };
  return map[field];
}

describe('POST v3 messages/messages-verify/', () => {
  const approve = (body: unknown, caller: Caller = superEditor) =>
    caller.post('/api/v3/messages/messages-verify/', body);

  it('sets verified_by_super_editor on exactly the selected messages and answers 202', async () => {
    const [a, b, c] = [
      await buildMessage(t.database.db),
      await buildMessage(t.database.db),
      await buildMessage(t.database.db),
    ];
    const done = await buildMessage(t.database.db, { verifiedBySuperEditor: true });
    const res = await approve({ messages: [a.id, b.id, done.id] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ updated: 2 });
    expect((await flagsOf(a.id)).verifiedBySuperEditor).toBe(true);
    expect((await flagsOf(b.id)).verifiedBySuperEditor).toBe(true);
    expect((await flagsOf(c.id)).verifiedBySuperEditor).toBe(false);
    expect(await logOf(a.id)).toMatchObject([
      {
        action: 'message.approve',
        oldValue: { verified_by_super_editor: false },
        newValue: { verified_by_super_editor: true },
      },
    ]);
    // Already approved: nothing to log.
    expect(await logOf(done.id)).toEqual([]);
  });

  it('changes nothing when one id is missing (404), and checks input and role', async () => {
    const a = await buildMessage(t.database.db);
    const missing = await approve({ messages: [a.id, 999_999] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('999999');
    expect((await flagsOf(a.id)).verifiedBySuperEditor).toBe(false);
    expect((await approve({ messages: [a.id] }, editor)).statusCode).toBe(403);
    expect(
      (await t.anonymous.post('/api/v3/messages/messages-verify/', { messages: [a.id] })).statusCode,
    ).toBe(401);
    for (const [body, field] of [
      [{ messages: [] }, 'messages'],
      [{ messages: ['x'] }, 'messages.0'],
      [{}, 'messages'],
      [{ messages: [a.id], extra: 1 }, 'extra'],
    ] as const) {
      const res = await approve(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });
});
