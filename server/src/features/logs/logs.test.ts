import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions } from '../../db/schema/index.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
/** Role 1 with no named permission: the role alone opens the log. */
let admin: UserCaller;
beforeAll(async () => {
  t = await createKit();
  admin = t.as('superEditor');
  await t.database.db.insert(userActions).values([
    {
      userId: admin.user.id,
      type: 1,
      action: 'message.verify',
      messageId: 10,
      oldValue: false,
      newValue: true,
    },
    {
      userId: admin.user.id,
      type: 1,
      action: 'message.archive',
      messageId: 11,
      oldValue: false,
      newValue: true,
    },
    { userId: admin.user.id, type: 4, action: 'theme.rename', themeId: 5, oldValue: 'А', newValue: 'Б' },
  ]);
});
afterAll(() => t.close());

const list = (query: string, caller: Caller = admin) => caller.get(`/api/v1/user-actions/${query}`);

describe('GET /api/v1/user-actions/', () => {
  it('pages the log newest first in the list envelope', async () => {
    const res = await list('?page_size=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, last_page: 2, elements_count: 3, next_pages_available: 1 });
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toMatchObject({
      action: 'theme.rename',
      type_name: 'Тема',
      user: { id: admin.user.id },
    });
    const second = (await list('?page=2&pageSize=2')).json();
    expect(second.results).toHaveLength(1);
    const beyond = (await list('?page=9&page_size=2')).json();
    expect(beyond).toMatchObject({ results: [], elements_count: 3, last_page: 2 });
  });

  it('filters by comma lists, dropping empty values', async () => {
    const byMessage = (await list('?message_in=11,,')).json();
    expect(byMessage.results.map((r: { message_id: number }) => r.message_id)).toEqual([11]);
    const withoutMessages = (await list('?type_not_in=1')).json();
    expect(withoutMessages.elements_count).toBe(1);
    expect((await list('?message_in=')).json().elements_count).toBe(3);
  });

  it('answers 400 naming a malformed parameter', async () => {
    const res = await list('?theme_in=1,abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('theme_in');
    const page = await list('?page=0');
    expect(page.json()).toMatchObject({ statusCode: 400, field: 'page' });
  });

  it('answers 401 without a token and 403 to a role without LOGS', async () => {
    expect((await list('', t.anonymous)).statusCode).toBe(401);
    const res = await list('', t.as('user'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    const granted = await t.caller({ role: 3, uiPermissions: ['view_logs'] });
    expect((await list('', granted)).statusCode).toBe(200);
  });
});
