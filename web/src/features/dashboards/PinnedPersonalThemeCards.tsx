import { PushpinFilled, TeamOutlined } from '@ant-design/icons';
import type { DashboardPinnedTheme } from '@monitoring/contracts';
import { Button, Popconfirm, Tooltip } from 'antd';
import { Link } from 'react-router';
import { PinnedThemeCard } from './PinnedThemeCard.tsx';

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
        <PinnedThemeCard
          key={theme.id}
          theme={theme}
          to={`/dashboards/personalTheme/${theme.id}${search}`}
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
          <Link to={`/dashboards/personalTheme/${theme.id}/loms`} aria-label={`ЛОМ темы ${theme.name}`}>
            <TeamOutlined /> ЛОМ темы
          </Link>
        </PinnedThemeCard>
      ))}
    </section>
  );
}
