import './dashboards.css';
import { Empty, Result, Select } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DASHBOARD_PERSONAL_THEME_TYPE,
  usePersonalTheme,
  usePersonalThemes,
} from '../../api/personal-themes.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { LomManager } from './LomManager.tsx';

/** /dashboards/personalTheme/{id?}/loms: the constant loms of one's personal theme dashboard. */
export function PersonalThemeLomsPage() {
  const raw = useParams().id;
  const id = raw ? Number(raw) : undefined;
  const themeId = id && Number.isInteger(id) && id > 0 ? id : undefined;
  const navigate = useNavigate();
  const themes = usePersonalThemes({ type_in: DASHBOARD_PERSONAL_THEME_TYPE, page_size: 200 });
  const theme = usePersonalTheme(themeId ?? 0);
  const name = theme.data?.name ?? '';
  usePageTitle(
    name
      ? `${PAGE_TITLES['dashboards-personal-theme-loms']}: ${name}`
      : PAGE_TITLES['dashboards-personal-theme-loms'],
  );

  if (raw && (!themeId || theme.data === null || theme.isError)) {
    return (
      <Result status="404" title="Личная тема не найдена" extra={<Link to="/dashboards">К дашбордам</Link>} />
    );
  }
  return (
    <section className="page dashboard-page">
      <div className="page__head">
        <PageHeading>
          {name ? `ЛОМ личной темы: ${name}` : PAGE_TITLES['dashboards-personal-theme-loms']}
        </PageHeading>
        {themeId ? (
          <div className="page__actions">
            <Link to={`/dashboards/personalTheme/${themeId}`}>Дашборд темы</Link>
          </div>
        ) : null}
      </div>
      <div className="dashboard-picker">
        <Select<number>
          aria-label="Личная тема"
          placeholder="Выберите личную тему"
          showSearch={{ optionFilterProp: 'label' }}
          loading={themes.isFetching}
          value={themeId}
          onChange={(next) => navigate(`/dashboards/personalTheme/${next}/loms`)}
          options={(themes.data?.results ?? []).map((item) => ({ value: item.id, label: item.name }))}
          notFoundContent="Личных тем нет: сохраните фильтры на странице сообщений"
        />
      </div>
      {themeId ? (
        <LomManager
          key={themeId}
          dashboard={{ kind: 'personal', id: themeId }}
          // The router opened the page with show_personal_loms_dashboard, which also guards the changes.
          canEdit
        />
      ) : (
        <Empty description="Выберите личную тему, чтобы настроить её ЛОМ" />
      )}
    </section>
  );
}
