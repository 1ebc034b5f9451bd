import { PushpinFilled, TeamOutlined } from '@ant-design/icons';
import { type DashboardPinnedTheme, moodTableCounts } from '@monitoring/contracts';
import { Button, Card, Popconfirm, Tooltip } from 'antd';
import { Link } from 'react-router';
import { formatCount } from '../../lib/format.ts';
import { MoodBar } from '../../ui/MoodBar.tsx';
import { MoodIcon } from '../../ui/MoodIcon.tsx';

interface PinnedPersonalThemeCardsProps {
  themes: DashboardPinnedTheme[];
  /** The query to keep on the links (period). */
  search: string;
  /** The theme being unpinned, if any. */
  unpinning: number | undefined;
  onUnpin: (theme: DashboardPinnedTheme) => void;
}

/**
 * The caller's pinned personal themes as cards: mood over the period (verified messages of the saved
 * filter), sums, constant lom count; the dashboard, its loms, and unpin after a confirmation.
 */
export function PinnedPersonalThemeCards({
  themes,
  search,
  unpinning,
  onUnpin,
}: PinnedPersonalThemeCardsProps) {
  return (
    <section className="dashboard-cards" aria-label="Закреплённые личные темы">
      {themes.map((theme) => (
        <Card
          key={theme.id}
          size="small"
          className="pinned-theme"
          title={
            <span className="dashboard-lom">
              <MoodIcon counts={moodTableCounts(theme.mood_table)} size={22} />
              {/* As the pinned themes: a long name wraps to two lines, then «…»; the tooltip holds it whole. */}
              <Tooltip title={theme.name} placement="topLeft">
                <Link to={`/dashboards/personalTheme/${theme.id}${search}`} className="pinned-theme__name">
                  {theme.name}
                </Link>
              </Tooltip>
            </span>
          }
          extra={
            <Popconfirm
              title={`Открепить личную тему «${theme.name}»?`}
              description="Тема и её дашборд останутся, она пропадёт только из закреплённых."
              okText="Открепить"
              cancelText="Отмена"
              onConfirm={() => onUnpin(theme)}
            >
              <Tooltip title="Открепить">
                <Button
                  type="text"
                  size="small"
                  icon={<PushpinFilled />}
                  aria-label={`Открепить личную тему ${theme.name}`}
                  loading={unpinning === theme.id}
                />
              </Tooltip>
            </Popconfirm>
          }
        >
          <MoodBar counts={moodTableCounts(theme.mood_table)} label={`Тональность: ${theme.name}`} />
          <span className="muted">
            Сообщений {formatCount(theme.message_count)} · Si {formatCount(theme.total_si)} · постоянных ЛОМ{' '}
            {formatCount(theme.constant_lom_count)}
          </span>
          <Link to={`/dashboards/personalTheme/${theme.id}/loms`} aria-label={`ЛОМ темы ${theme.name}`}>
            <TeamOutlined /> ЛОМ темы
          </Link>
        </Card>
      ))}
    </section>
  );
}
