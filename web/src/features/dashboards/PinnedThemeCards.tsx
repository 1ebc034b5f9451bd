import { PushpinFilled } from '@ant-design/icons';
import { type DashboardPinnedTheme, moodTableCounts } from '@monitoring/contracts';
import { Button, Card, Empty, Skeleton, Tooltip } from 'antd';
import { Link } from 'react-router';
import { usePinTheme } from '../../api/dashboards.ts';
import { formatCount } from '../../lib/format.ts';
import { MoodBar } from '../../ui/MoodBar.tsx';
import { MoodIcon } from '../../ui/MoodIcon.tsx';

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
        <Card
          key={theme.id}
          size="small"
          className="pinned-theme"
          title={
            <span className="dashboard-lom">
              <MoodIcon counts={moodTableCounts(theme.mood_table)} size={22} />
              {/* A long name wraps onto a second line and ends there with «…»; the tooltip holds it whole. */}
              <Tooltip title={theme.name} placement="topLeft">
                <Link to={join(theme.id)} className="pinned-theme__name">
                  {theme.name}
                </Link>
              </Tooltip>
            </span>
          }
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
        >
          <MoodBar counts={moodTableCounts(theme.mood_table)} label={`Тональность: ${theme.name}`} />
          <span className="muted">
            Сообщений {formatCount(theme.message_count)} · Si {formatCount(theme.total_si)} · постоянных ЛОМ{' '}
            {formatCount(theme.constant_lom_count)}
          </span>
        </Card>
      ))}
    </section>
  );
}
