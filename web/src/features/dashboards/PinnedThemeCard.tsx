import { type DashboardPinnedTheme, moodTableCounts } from '@monitoring/contracts';
import { Card, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../lib/format.ts';
import { MoodBar } from '../../ui/MoodBar.tsx';
import { MoodIcon } from '../../ui/MoodIcon.tsx';

interface PinnedThemeCardProps {
  theme: DashboardPinnedTheme;
  /** Where the name leads: the theme's dashboard, with the page's period. */
  to: string;
  /** The unpin button, if the caller may unpin. */
  extra?: ReactNode;
  children?: ReactNode;
}

/** One pinned theme (shared or personal): mood icon and name, mood bar, sums over the period, constant lom count. */
export function PinnedThemeCard({ theme, to, extra, children }: PinnedThemeCardProps) {
  const counts = moodTableCounts(theme.mood_table);
  return (
    <Card
      size="small"
      className="pinned-theme"
      title={
        <span className="dashboard-lom">
          <MoodIcon counts={counts} size={22} />
          {/* A long name wraps onto a second line and ends there with «…»; the tooltip holds it whole. */}
          <Tooltip title={theme.name} placement="topLeft">
            <Link to={to} className="pinned-theme__name">
              {theme.name}
            </Link>
          </Tooltip>
        </span>
      }
      extra={extra}
    >
      <MoodBar counts={counts} label={`Тональность: ${theme.name}`} />
      <span className="muted">
        Сообщений {formatCount(theme.message_count)} · Si {formatCount(theme.total_si)} · постоянных ЛОМ{' '}
        {formatCount(theme.constant_lom_count)}
      </span>
      {children}
    </Card>
  );
}
