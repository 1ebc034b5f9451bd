import { hash } from '@node-rs/argon2';
import { organizations, permissionGroups, userPermissionGroups, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { textArray, timestamp } from '../copy.ts';
import { ORGANIZATIONS } from '../data/directories.ts';
import { DEMO_USERS } from '../users.ts';
import type { World } from './context.ts';

/** More organisations for the settings page (ids after ORGANIZATIONS). */
const MORE_ORGANIZATIONS: readonly { name: string; kind: 1 | 2 }[] = [
  { name: 'Федеральное агентство медиаисследований', kind: 1 },
  { name: 'Региональный центр мониторинга — Новосибирская область', kind: 2 },
  { name: 'Региональный центр мониторинга — Краснодарский край', kind: 2 },
];

/** Permission groups of /settings and the users page. */
const GROUPS: readonly { name: string; uiPermissions: readonly string[] }[] = [
  {
    name: 'Аналитики',
    uiPermissions: ['view_dashboard_picture', 'view_loms', 'view_themes', 'view_reports'],
  },
  {
    name: 'Редакторы справочников',
    uiPermissions: ['view_rubrics', 'view_rubric_admin', 'view_theme_admin'],
  },
  { name: 'Модераторы источников', uiPermissions: ['view_lomsource_admin', 'view_lom_admin'] },
  { name: 'Наблюдатели журнала', uiPermissions: ['view_logs', 'editor_actions_counter'] },
];

/** Extra accounts (password demo12345) attached to organisations and groups; the demo logins stay as they are. */
const MORE_USERS: readonly {
  login: string;
  firstName: string;
  lastName: string;
  role: number;
  organization: number;
  groups: readonly number[];
  active: boolean;
}[] = [
  {
    login: 'analyst.kazan',
    firstName: 'Айгуль',
    lastName: 'Хасанова',
    role: 3,
    organization: 1,
    groups: [0],
    active: true,
  },
  {
    login: 'analyst.ekb',
    firstName: 'Павел',
    lastName: 'Уральцев',
    role: 4,
    organization: 2,
    groups: [0, 3],
    active: true,
  },
  {
    login: 'dict.editor',
    firstName: 'Ольга',
    lastName: 'Справочникова',
    role: 2,
    organization: 0,
    groups: [1],
    active: true,
  },
  {
    login: 'source.moderator',
    firstName: 'Кирилл',
    lastName: 'Источников',
    role: 2,
    organization: 3,
    groups: [2],
    active: true,
  },
  {
    login: 'nsk.viewer',
    firstName: 'Елена',
    lastName: 'Сибирцева',
    role: 3,
    organization: 4,
    groups: [],
    active: true,
  },
  {
    login: 'krd.former',
    firstName: 'Артём',
    lastName: 'Кубанов',
    role: 3,
    organization: 5,
    groups: [0],
    active: false,
  },
];

/** Organisations, permission groups and a few more users, deterministic (no draw from the world's random). */
export async function generateUserAdmin(world: World): Promise<void> {
  const { loader, now } = world;
  const created = timestamp(new Date(now.getTime() - 300 * DAY_MS));
  const orgRows = loader.buffer(organizations, ['id', 'name', 'kind', 'createdAt']);
  const orgIds = [...world.organizationIds];
  MORE_ORGANIZATIONS.forEach((org, i) => {
    const id = ORGANIZATIONS.length + i + 1;
    orgIds.push(id);
    orgRows.add({ id, name: org.name, kind: org.kind, createdAt: created });
  });
  const groupRows = loader.buffer(permissionGroups, ['id', 'name', 'uiPermissions']);
  GROUPS.forEach((g, i) => {
    groupRows.add({ id: i + 1, name: g.name, uiPermissions: textArray(g.uiPermissions) });
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
    'createdAt',
  ]);
  const memberRows = loader.buffer(userPermissionGroups, ['userId', 'groupId']);
  const passwordHash = await hash('demo12345');
  MORE_USERS.forEach((u, i) => {
    const id = DEMO_USERS.length + i + 1;
    userRows.add({
      id,
      username: u.login,
      email: `${u.login}@monitoring.example`,
      passwordHash,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      organizationId: orgIds[u.organization],
      isActive: u.active,
      createdAt: timestamp(new Date(now.getTime() - (120 + i * 17) * DAY_MS)),
    });
    for (const g of u.groups) memberRows.add({ userId: id, groupId: g + 1 });
  });
  await loader.flushAll();
}
