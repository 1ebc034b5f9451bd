import { DAILY_DASHBOARD_CODENAMES, NAMED_PERMISSIONS } from '@monitoring/contracts';

/** Demo accounts, one per role of product.md §6, plus an administrator. */

export interface DemoUser {
  login: string;
  password: string;
  role: number;
  /** What the account shows, in Russian for the start banner and the README. */
  description: string;
  firstName: string;
  lastName: string;
  /** Index into ORGANIZATIONS of the demo data. */
  organization: number;
  uiPermissions: readonly string[];
  /** Daily dashboard codenames (docs/permissions.md, Daily dashboards). */
  dailyDashboardPermissions?: readonly string[];
}

/** The administrator holds every menu permission; everyone else gets exactly their role preset (docs/permissions.md). */
export const MENU_PERMISSIONS = NAMED_PERMISSIONS.filter((p) => !p.endsWith('_for_pc'));

const DEMO_PASSWORD = 'demo12345';

export const DEMO_USERS: readonly DemoUser[] = [
  {
    login: 'admin',
    password: 'admin12345',
    role: 1,
    description: 'Администратор: все разделы меню и админ-панель',
    firstName: 'Алексей',
    lastName: 'Администраторов',
    organization: 0,
    uiPermissions: MENU_PERMISSIONS,
  },
  {
    login: 'role0',
    password: DEMO_PASSWORD,
    role: 0,
    description: 'Роль 0: без прав',
    firstName: 'Пётр',
    lastName: 'Безролев',
    organization: 0,
    uiPermissions: [],
  },
  {
    login: 'superEditor',
    password: DEMO_PASSWORD,
    role: 1,
    description: 'Супер-редактор: подтверждает проверенные сообщения',
    firstName: 'Марина',
    lastName: 'Главредова',
    organization: 0,
    uiPermissions: [],
  },
  {
    login: 'editor',
    password: DEMO_PASSWORD,
    role: 2,
    description: 'Редактор: размечает и проверяет сообщения',
    firstName: 'Ирина',
    lastName: 'Редакторова',
    organization: 1,
    uiPermissions: [],
  },
  {
    login: 'user',
    password: DEMO_PASSWORD,
    role: 3,
    description: 'Пользователь: просмотр дашбордов, ЛОМ и тем',
    firstName: 'Олег',
    lastName: 'Читателев',
    organization: 1,
    uiPermissions: [],
    dailyDashboardPermissions: [DAILY_DASHBOARD_CODENAMES.public],
  },
  {
    login: 'extendedUser',
    password: DEMO_PASSWORD,
    role: 4,
    description: 'Расширенный пользователь: плюс дашборд тем и избранные ЛОМ',
    firstName: 'Светлана',
    lastName: 'Аналитикова',
    organization: 2,
    uiPermissions: [],
  },
  {
    login: 'service',
    password: DEMO_PASSWORD,
    role: 101,
    description: 'Служебный пользователь без прав роли',
    firstName: 'Сервис',
    lastName: 'Интеграций',
    organization: 0,
    uiPermissions: [],
  },
  {
    login: 'lomSelection',
    password: DEMO_PASSWORD,
    role: 102,
    description: 'Подбор ЛОМ: только список лидеров мнений',
    firstName: 'Денис',
    lastName: 'Подборов',
    organization: 2,
    uiPermissions: [],
  },
];
