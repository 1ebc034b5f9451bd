import { Empty, List, Spin } from 'antd';
import { Link } from 'react-router';
import { useDailyDashboards } from '../../api/daily-dashboards.ts';
import { useCan } from '../../api/useCan.ts';

/** «Публичные дашборды дня»: the shared tabs of the picture of the day; they are edited on / itself. */
export function PublicDashboardsTab() {
  const canRead = useCan()('SHOW_MAIN_PAGE');
  const dashboards = useDailyDashboards(canRead);
  if (!canRead) return <Empty description="Нет права на картину дня" />;
  if (dashboards.isLoading) return <Spin />;
  const shared = (dashboards.data ?? []).filter((d) => !d.is_private);
  return (
    <>
      <p>
        Публичные дашборды видят все пользователи картины дня. Создаются и редактируются на{' '}
        <Link to="/">главной странице</Link>.
      </p>
      <List
        bordered
        dataSource={shared}
        locale={{ emptyText: 'Публичных дашбордов дня нет' }}
        renderItem={(d) => (
          <List.Item>
            <Link to="/">{d.name}</Link>
            <span>{d.owner ? `Автор: ${d.owner.name}` : ''}</span>
          </List.Item>
        )}
      />
    </>
  );
}
