import './dashboards.css';
import { PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useDashboardThemeChoices, usePinnedThemes, usePinTheme } from '../../api/dashboards.ts';
import { usePickNames } from '../../api/pick-lists.ts';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { DashboardView } from './DashboardView.tsx';
import { periodQuery, periodSearch } from './dashboard-url.ts';
import { PinnedPersonalThemes } from './PinnedPersonalThemes.tsx';
import { PinnedThemeCards } from './PinnedThemeCards.tsx';
import { useDashboardUrlState } from './useDashboardUrlState.ts';

/**
 * /dashboards/theme?theme={id}: the theme picker, pin/unpin, and the theme's dashboard; without a theme
 * the pinned themes and the caller's own pinned personal themes.
 */
export function ThemeDashboardPage() {
  const can = useCan();
  const canEdit = can('EDIT_DASHBOARD_TABLE_FRAGMENTS');
  const { state, patch } = useDashboardUrlState('theme');
  const themeId = state.subject;
  const choices = useDashboardThemeChoices();
  const pinned = usePinnedThemes(periodQuery(state.period), !themeId);
  const names = usePickNames('theme', themeId ? [themeId] : []);
  const pin = usePinTheme();
  const choice = choices.data?.find((item) => item.id === themeId);
  const name =
    choice?.name ?? names.data?.find((item) => item.id === themeId)?.name ?? (themeId ? `#${themeId}` : '');
  usePageTitle(themeId ? `${PAGE_TITLES['dashboards-theme']}: ${name}` : PAGE_TITLES['dashboards-theme']);

  return (
    <section className="page dashboard-page">
      <div className="page__head">
        <PageHeading>{themeId ? name : PAGE_TITLES['dashboards-theme']}</PageHeading>
      </div>
      <div className="dashboard-picker">
        <PickSelect
          kind="theme"
          placeholder="Выберите тему"
          known={choices.data?.map(({ id, name: label }) => ({ id, name: label }))}
          value={themeId}
          onChange={(id) => patch({ subject: id ?? undefined })}
        />
        {themeId && canEdit ? (
          <Button
            icon={choice?.pinned ? <PushpinFilled /> : <PushpinOutlined />}
            loading={pin.isPending}
            onClick={() => pin.mutate({ theme: themeId, pinned: !choice?.pinned })}
          >
            {choice?.pinned ? 'Открепить' : 'Закрепить'}
          </Button>
        ) : null}
        {choice?.pinned ? <Tag color="blue">Закреплена</Tag> : null}
        {themeId ? (
          <Button type="link" onClick={() => patch({ subject: undefined })}>
            Закреплённые темы
          </Button>
        ) : null}
      </div>
      {themeId ? (
        <DashboardView
          dashboard={{ kind: 'theme', id: themeId }}
          name={name}
          state={state}
          onPatch={patch}
          lomsLink={`/dashboards/loms/${themeId}${periodSearch(state.period)}`}
        />
      ) : (
        <>
          <h2 className="dashboard-section-title">Закреплённые темы</h2>
          <PinnedThemeCards
            themes={pinned.data}
            loading={pinned.isFetching}
            search={periodSearch(state.period)}
            canEdit={canEdit}
          />
          {can('show_personal_loms_dashboard') ? (
            <PinnedPersonalThemes query={periodQuery(state.period)} search={periodSearch(state.period)} />
          ) : null}
        </>
      )}
    </section>
  );
}
