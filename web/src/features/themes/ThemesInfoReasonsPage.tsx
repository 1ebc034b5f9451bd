import { Tabs } from 'antd';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { FavouriteInfoReasons } from './FavouriteInfoReasons.tsx';
import { InfoReasonsPanel } from './InfoReasonsPanel.tsx';
import { ThemeCreateButtons } from './ThemeCreateButtons.tsx';
import { ThemeInfoReasons } from './ThemeInfoReasons.tsx';
import { ThemesListView } from './ThemesListView.tsx';
import { parseThemesUrl, type ThemesPageTab, themesUrlParams } from './themes-url.ts';

const TAB_LABELS: Record<ThemesPageTab, string> = {
  themes: 'Темы',
  'info-reasons': 'Инфоповоды',
  favourites: 'Избранные инфоповоды',
};

/**
 * /themes/info-reasons (the nav entry «Темы»): the themes table whose rows open onto
 * their info reasons, the info reasons list and the favourite info reasons.
 */
export function ThemesInfoReasonsPage() {
  usePageTitle(PAGE_TITLES['themes-info-reasons']);
  const can = useCan();
  const { state, patch } = useUrlState(parseThemesUrl, themesUrlParams);
  const tabs: ThemesPageTab[] = [
    'themes',
    'info-reasons',
    ...(can('PROFILE') ? (['favourites'] as const) : []),
  ];
  const tab = tabs.includes(state.tab) ? state.tab : 'themes';
  return (
    <section className="page themes-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES['themes-info-reasons']}</PageHeading>
        <div className="page__actions">{tab === 'themes' ? <ThemeCreateButtons /> : null}</div>
      </div>
      <Tabs
        activeKey={tab}
        // A new tab starts from its defaults: archive flag, search and page are per list.
        onChange={(key) => patch({ tab: key as ThemesPageTab, archived: false, search: '' })}
        items={tabs.map((key) => ({ key, label: TAB_LABELS[key] }))}
      />
      {tab === 'themes' ? (
        <ThemesListView expandedRow={(row) => <ThemeInfoReasons themeId={row.id} size="small" />} />
      ) : null}
      {tab === 'info-reasons' ? <InfoReasonsPanel /> : null}
      {tab === 'favourites' ? <FavouriteInfoReasons /> : null}
    </section>
  );
}
