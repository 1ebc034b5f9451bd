import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { DEMO_USERS } from '../src/demo/users.ts';
import { createMailer } from '../src/mail.ts';

/**
 * What the merge benches (theme-merge.ts, admin-lom-merge.ts) share: settling the database after their untimed
 * setup, and the in-process app they time against, with demo logins.
 */

/** Not timed: what autovacuum and the checkpointer would do after the setup's updates. */
export async function settleAfterSetup(db: Db, preparedAt: number): Promise<void> {
  await db.execute(sql`vacuum analyze messages`);
  try {
    await db.execute(sql`checkpoint`);
  } catch {
    console.log('(no checkpoint: the bench user may not run one)');
  }
  console.log(`Prepared in ${((performance.now() - preparedAt) / 1000).toFixed(1)} s`);
}

/** The app on a free local port, and a token for a demo login (each bench logs in from its own address). */
export async function startBenchApp(config: Config, db: Db, loginAddress: string) {
  const app = await buildApp({ config, db, mailer: createMailer(db, console) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  async function tokenFor(login: string): Promise<string> {
    const user = DEMO_USERS.find((u) => u.login === login);
    if (!user) throw new Error(`No demo user ${login}`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { username: user.login, password: user.password },
      headers: { 'x-forwarded-for': loginAddress },
    });
    if (res.statusCode !== 200) throw new Error(`Login of ${login} failed: ${res.body}`);
    return res.json().token as string;
  }
  return { app, address, tokenFor };
}
