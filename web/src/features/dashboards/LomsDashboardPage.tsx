import './dashboards.css';
import { Empty } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useDashboardThemeChoices } from '../../api/dashboards.ts';
import { usePickNames } from '../../api/pick-lists.ts';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { LomManager } from './LomManager.tsx';

/** /dashboards/loms/{id?}: the constant loms of a theme dashboard; without an id, pick the theme. */
export function LomsDashboardPage() {
  const raw = useParams().id;
  const id = raw ? Number(raw) : undefined;
  const themeId = id && Number.isInteger(id) && id > 0 ? id : undefined;
  const navigate = useNavigate();
  const can = useCan();
  const choices = useDashboardThemeChoices();
  const names = usePickNames('theme', themeId ? [themeId] : []);
  const name =
    choices.data?.find((item) => item.id === themeId)?.name ??
    names.data?.find((item) => item.id === themeId)?.name ??
    (themeId ? `#${themeId}` : '');
  usePageTitle(themeId ? `${PAGE_TITLES['dashboards-loms']}: ${name}` : PAGE_TITLES['dashboards-loms']);

  return (
    <section className="page dashboard-page">
      <div className="page__head">
        <PageHeading>{themeId ? `ЛОМ дашборда: ${name}` : PAGE_TITLES['dashboards-loms']}</PageHeading>
        {themeId ? (
          <div className="page__actions">
            <Link to={`/dashboards/theme?theme=${themeId}`}>Дашборд темы</Link>
          </div>
        ) : null}
      </div>
      <div className="dashboard-picker">
        <PickSelect
          kind="theme"
          placeholder="Выберите тему"
          known={choices.data?.map((item) => ({ id: item.id, name: item.name }))}
          value={themeId}
          onChange={(next) => navigate(next ? `/dashboards/loms/${next}` : '/dashboards/loms')}
        />
      </div>
      {themeId ? (
        <LomManager
          key={themeId}
          dashboard={{ kind: 'theme', id: themeId }}
          canEdit={can('EDIT_DASHBOARD_TABLE_FRAGMENTS')}
        />
      ) : (
        <Empty description="Выберите тему, чтобы настроить её ЛОМ" />
      )}
    </section>
  );
}
