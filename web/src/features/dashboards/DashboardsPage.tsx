import './dashboards.css';
import { AppstoreOutlined, BarChartOutlined, TeamOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePinnedThemes } from '../../api/dashboards.ts';
import { useCan } from '../../api/useCan.ts';
import { halfYearPeriod } from '../../lib/day-period.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { periodQuery } from './dashboard-url.ts';
import { PersonalThemeCards } from './PersonalThemeCards.tsx';
import { PinnedThemeCards } from './PinnedThemeCards.tsx';

/** The page of one's personal themes is all the URL holds. */
const parsePage = (params: URLSearchParams) => ({ page: Math.max(1, Number(params.get('page')) || 1) });
const writePage = ({ page }: { page: number }) => new URLSearchParams(page > 1 ? { page: String(page) } : {});

/** /dashboards: the way to the theme and segment dashboards, the pinned themes and one's personal themes. */
export function DashboardsPage() {
  usePageTitle(PAGE_TITLES.dashboards);
  const can = useCan();
  const { state, patch } = useUrlState(parsePage, writePage);
  const page = state.page;
  const themesDashboard = can('THEMES_DASHBOARD');
  const pinned = usePinnedThemes(periodQuery(halfYearPeriod()), themesDashboard);
  const personal = can('MESSAGES') || can('THEMES_DASHBOARD') || can('CREATE_PERSONAL_THEME');

  const entries = [
    themesDashboard && {
      key: 'theme',
      to: '/dashboards/theme',
      icon: <BarChartOutlined />,
      title: PAGE_TITLES['dashboards-theme'],
      text: 'Тональность, динамика и списки ЛОМ темы',
    },
    themesDashboard && {
      key: 'loms',
      to: '/dashboards/loms',
      icon: <TeamOutlined />,
      title: 'ЛОМ дашбордов тем',
      text: 'Постоянные ЛОМ темы: позитивные, негативные, нейтральные',
    },
    can('RUBRICS') && {
      key: 'rubric',
      to: '/dashboards/rubric',
      icon: <AppstoreOutlined />,
      title: PAGE_TITLES['dashboards-rubric'],
      text: 'Тональность и динамика сообщений сегмента',
    },
  ].filter(Boolean) as { key: string; to: string; icon: ReactNode; title: string; text: string }[];

  return (
    <section className="page dashboards-index">
      <PageHeading>{PAGE_TITLES.dashboards}</PageHeading>
      <nav className="dashboard-cards" aria-label="Виды дашбордов">
        {entries.map((entry) => (
          <Link key={entry.key} to={entry.to}>
            <Card size="small" hoverable>
              <strong>
                {entry.icon} {entry.title}
              </strong>
              <span className="muted">{entry.text}</span>
            </Card>
          </Link>
        ))}
      </nav>
      {themesDashboard ? (
        <>
          <h2>Закреплённые темы</h2>
          <PinnedThemeCards
            themes={pinned.data}
            loading={pinned.isFetching}
            search=""
            canEdit={can('EDIT_DASHBOARD_TABLE_FRAGMENTS')}
          />
        </>
      ) : null}
      {personal ? (
        <>
          <h2>Личные темы</h2>
          <PersonalThemeCards
            page={page}
            onPage={(next) => patch({ page: next })}
            canEdit={can('CREATE_PERSONAL_THEME')}
            canManageLoms={can('show_personal_loms_dashboard')}
            canOpenDashboard={can('show_personal_loms_dashboard')}
          />
        </>
      ) : null}
    </section>
  );
}
