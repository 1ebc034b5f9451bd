import './dashboards.css';
import { Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { usePersonalThemeChoices } from '../../api/dashboards.ts';
import { usePersonalTheme } from '../../api/personal-themes.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { messagesLinkOf } from '../../lib/personal-theme-filters.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { DashboardView } from './DashboardView.tsx';
import { periodSearch } from './dashboard-url.ts';
import { PersonalThemePinButton } from './PersonalThemePinButton.tsx';
import { useDashboardUrlState } from './useDashboardUrlState.ts';

/** /dashboards/personalTheme/{id}: the dashboard of one's own personal theme (its saved filters). */
export function PersonalThemeDashboardPage() {
  const id = Number(useParams().id);
  const { state, patch } = useDashboardUrlState();
  const theme = usePersonalTheme(id);
  const choices = usePersonalThemeChoices(Number.isInteger(id) && id > 0);
  const pinned = choices.data?.find((choice) => choice.id === id)?.pinned;
  const name = theme.data?.name ?? '';
  usePageTitle(
    name ? `${PAGE_TITLES['dashboards-personal-theme']}: ${name}` : PAGE_TITLES['dashboards-personal-theme'],
  );

  if (theme.isError) {
    return (
      <Result
        status="error"
        title="Не удалось загрузить личную тему"
        subTitle={theme.error instanceof Error ? theme.error.message : undefined}
        extra={<Link to="/dashboards">К дашбордам</Link>}
      />
    );
  }
  if (!Number.isInteger(id) || id <= 0 || theme.data === null) {
    return (
      <Result status="404" title="Личная тема не найдена" extra={<Link to="/dashboards">К дашбордам</Link>} />
    );
  }
  return (
    <section className="page dashboard-page">
      <div className="page__head">
        <PageHeading>{name || PAGE_TITLES['dashboards-personal-theme']}</PageHeading>
        <div className="page__actions">
          {theme.data && pinned !== undefined ? (
            <PersonalThemePinButton id={id} name={name} pinned={pinned} />
          ) : null}
          {theme.data ? <Link to={messagesLinkOf(theme.data.filters)}>Сообщения темы</Link> : null}
          <Link to="/dashboards/theme">Закреплённые темы</Link>
          <Link to="/dashboards">Все дашборды</Link>
        </div>
      </div>
      {theme.data ? (
        <DashboardView
          dashboard={{ kind: 'personal', id }}
          name={name}
          state={state}
          onPatch={patch}
          lomsLink={`/dashboards/personalTheme/${id}/loms${periodSearch(state.period)}`}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </section>
  );
}
