import { PushpinOutlined } from '@ant-design/icons';
import type { QueryParams } from '@monitoring/contracts';
import { Empty, Select, Skeleton } from 'antd';
import {
  usePersonalThemeChoices,
  usePinnedPersonalThemes,
  usePinPersonalTheme,
} from '../../api/dashboards.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { NoPersonalThemes } from './PersonalThemeCards.tsx';
import { PinnedPersonalThemeCards } from './PinnedPersonalThemeCards.tsx';

interface PinnedPersonalThemesProps {
  /** The period of the sums (the page's). */
  query: QueryParams;
  /** The query to keep on the links (period). */
  search: string;
}

/**
 * «Закреплённые личные темы» of the theme dashboards page: the caller's own pinned personal themes (nobody
 * else sees them) and a picker that pins another of their personal themes.
 */
export function PinnedPersonalThemes({ query, search }: PinnedPersonalThemesProps) {
  const { message } = useFeedback();
  const pinned = usePinnedPersonalThemes(query);
  const choices = usePersonalThemeChoices();
  const pin = usePinPersonalTheme();
  const unpinned = (choices.data ?? []).filter((choice) => !choice.pinned);
  const noThemes = choices.data !== undefined && choices.data.length === 0;

  const content = () => {
    if (pinned.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (pinned.isError) return <Empty description="Не удалось загрузить закреплённые личные темы" />;
    if (noThemes) return <NoPersonalThemes />;
    if (!pinned.data?.length) {
      return (
        <Empty description="Закреплённых личных тем нет: выберите тему в списке выше, и её дашборд появится здесь" />
      );
    }
    return (
      <PinnedPersonalThemeCards
        themes={pinned.data}
        search={search}
        unpinning={pin.isPending && !pin.variables?.pinned ? pin.variables?.theme : undefined}
        onUnpin={(theme) =>
          pin.mutate(
            { theme: theme.id, pinned: false },
            { onSuccess: () => message.success(`Личная тема «${theme.name}» откреплена`) },
          )
        }
      />
    );
  };

  return (
    <>
      <h2 className="dashboard-section-title">
        Закреплённые личные темы <span className="muted dashboard-section-title__note">видны только вам</span>
      </h2>
      {noThemes ? null : (
        <div className="dashboard-picker">
          <Select<number>
            aria-label="Закрепить личную тему"
            placeholder={
              <>
                <PushpinOutlined /> Закрепить личную тему
              </>
            }
            showSearch={{ optionFilterProp: 'label' }}
            loading={choices.isFetching || (pin.isPending && pin.variables?.pinned)}
            disabled={pin.isPending}
            value={null}
            onChange={(theme) => pin.mutate({ theme, pinned: true })}
            options={unpinned.map((choice) => ({ value: choice.id, label: choice.name }))}
            notFoundContent="Все личные темы уже закреплены"
          />
        </div>
      )}
      {content()}
    </>
  );
}
