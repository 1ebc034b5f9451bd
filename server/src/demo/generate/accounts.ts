import { hash } from '@node-rs/argon2';
import { organizations, personalTags, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { textArray, timestamp } from '../copy.ts';
import { ORGANIZATIONS } from '../data/directories.ts';
import { DEMO_USERS } from '../users.ts';
import type { World } from './context.ts';

const PERSONAL_TAGS = ['на контроль', 'для отчёта', 'показать руководителю', 'перепроверить'];

/** Organisations, the demo users (argon2-hashed passwords) and their personal tags. */
export async function generateAccounts(world: World): Promise<void> {
  const { loader, random, now } = world;
  const orgRows = loader.buffer(organizations, ['id', 'name', 'kind', 'createdAt']);
  ORGANIZATIONS.forEach((org, i) => {
    world.organizationIds.push(i + 1);
    orgRows.add({
      id: i + 1,
      name: org.name,
      kind: org.kind,
      createdAt: timestamp(new Date(now.getTime() - 400 * DAY_MS)),
    });
  });

  const userRows = loader.buffer(users, [
    'id',
    'username',
    'email',
    'passwordHash',
    'firstName',
    'lastName',
    'role',
    'organizationId',
    'isActive',
    'uiPermissions',
    'dailyDashboardPermissions',
    'createdAt',
  ]);
  const hashes = await Promise.all(DEMO_USERS.map((u) => hash(u.password)));
  DEMO_USERS.forEach((u, i) => {
    const id = i + 1;
    world.users.push({ id, login: u.login, role: u.role });
    userRows.add({
      id,
      username: u.login,
      email: `${u.login.toLowerCase()}@monitoring.example`,
      passwordHash: hashes[i],
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      organizationId: world.organizationIds[u.organization],
      isActive: true,
      uiPermissions: textArray(u.uiPermissions),
      dailyDashboardPermissions: textArray(u.dailyDashboardPermissions ?? []),
      createdAt: timestamp(new Date(now.getTime() - random.int(200, 380) * DAY_MS)),
    });
  });

  // Personal tags for the users who can mark messages.
  const tagRows = loader.buffer(personalTags, ['id', 'userId', 'name']);
  let tagId = 0;
  for (const user of world.users.filter((u) => [1, 2, 4].includes(u.role))) {
    const entry = { userId: user.id, ids: [] as number[] };
    for (const name of random.sample(PERSONAL_TAGS, 3)) {
      tagId++;
      entry.ids.push(tagId);
      tagRows.add({ id: tagId, userId: user.id, name });
    }
    world.personalTagIds.push(entry);
  }
  await loader.flushAll();
}
