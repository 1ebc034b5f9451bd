import { PushpinFilled } from '@ant-design/icons';
import type { DashboardPinnedTheme } from '@monitoring/contracts';
import { Button, Empty, Skeleton, Tooltip } from 'antd';
import { usePinTheme } from '../../api/dashboards.ts';
import { PinnedThemeCard } from './PinnedThemeCard.tsx';

interface PinnedThemeCardsProps {
  themes: DashboardPinnedTheme[] | undefined;
  loading: boolean;
  /** The query to keep on the links (period). */
  search: string;
  canEdit: boolean;
}

/** The pinned themes as cards: mood, sums over the period, constant lom count, unpin. */
export function PinnedThemeCards({ themes, loading, search, canEdit }: PinnedThemeCardsProps) {
  const pin = usePinTheme();
  if (loading && !themes) return <Skeleton active />;
  if (!themes || themes.length === 0) {
    return <Empty description="Закреплённых тем нет: откройте дашборд темы и закрепите её" />;
  }
  const join = (id: number) => {
    const params = new URLSearchParams(search.replace(/^\?/, ''));
    params.set('theme', String(id));
    return `/dashboards/theme?${params}`;
  };
  return (
    <section className="dashboard-cards" aria-label="Закреплённые темы">
      {themes.map((theme) => (
        <PinnedThemeCard
          key={theme.id}
          theme={theme}
          to={join(theme.id)}
          extra={
            canEdit ? (
              <Tooltip title="Открепить">
                <Button
                  type="text"
                  size="small"
                  icon={<PushpinFilled />}
                  aria-label={`Открепить тему ${theme.name}`}
                  loading={pin.isPending && pin.variables?.theme === theme.id}
                  onClick={() => pin.mutate({ theme: theme.id, pinned: false })}
                />
              </Tooltip>
            ) : null
          }
        />
      ))}
    </section>
  );
}
