import './lom-content.css';
import { LOM_TAB_PAGE_SIZE, type LomPostsDay } from '@monitoring/contracts';
import { Alert, Card } from 'antd';
import { useMemo } from 'react';
import { useLomPostsByPeriod, useLomPublications } from '../../../api/lom-content.ts';
import { formatCount, formatDate, formatExact } from '../../../lib/format.ts';
import { EChart, type EChartsCoreOption } from '../../../ui/EChart.tsx';
import { MessageCard } from '../../../ui/MessageCard.tsx';
import { CONTENT_TEXTS, PUBLICATION_FORMS } from './content-texts.ts';
import { PagedTabList } from './PagedTabList.tsx';
import type { LomCardPeriod, LomTabProps } from './types.ts';
import { useTabPage } from './useTabPage.ts';

const PRIMARY = '#1576E6';
const noSelection = () => {};

/** 'DD.MM' of a YYYY-MM-DD day, for the axis. */
const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

function chartOption(days: LomPostsDay[]): EChartsCoreOption {
  return {
    grid: { left: 40, right: 16, top: 16, bottom: 48 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: { dataIndex: number }[]) => {
        const day = days[params[0]?.dataIndex ?? 0];
        if (!day) return '';
        return [
          formatDate(`${day.date}T12:00:00+03:00`),
          `${CONTENT_TEXTS.chartSeries}: ${formatExact(day.messages_count)}`,
          `Si: ${formatCount(day.total_si)}`,
          `Просмотры: ${formatCount(day.total_views)}`,
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: days.map((day) => shortDay(day.date)) },
    yAxis: { type: 'value', minInterval: 1 },
    dataZoom: days.length > 62 ? [{ type: 'slider', height: 16, bottom: 8 }] : [],
    series: [
      {
        name: CONTENT_TEXTS.chartSeries,
        type: 'bar',
        itemStyle: { color: PRIMARY },
        data: days.map((day) => day.messages_count),
      },
    ],
  };
}

/** posts_by_period/: the lom's live publications per day of the period. */
function PostsChart({ lomId, period }: { lomId: number; period: LomCardPeriod }) {
  const posts = useLomPostsByPeriod(lomId, period);
  const option = useMemo(() => chartOption(posts.data ?? []), [posts.data]);
  if (posts.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={CONTENT_TEXTS.publicationsChartError}
        description={posts.error.message}
      />
    );
  }
  return (
    <Card size="small" title={CONTENT_TEXTS.publicationsChart} className="lom-content__chart">
      <EChart
        option={option}
        height={200}
        label={CONTENT_TEXTS.publicationsChart}
        loading={posts.isPending}
      />
    </Card>
  );
}

/**
 * «Публикации»: the lom's live messages of the card's period (neither trash, archived nor
 * delayed), newest first, 25 a page, with a chart of them per day on top.
 */
export function PublicationsTab({ lom, period }: LomTabProps) {
  const [page, setPage] = useTabPage('publications_page');
  const list = useLomPublications(lom.id, period, page);
  return (
    <div className="lom-content">
      <PostsChart lomId={lom.id} period={period} />
      <PagedTabList
        query={list}
        page={page}
        onPage={setPage}
        pageSize={LOM_TAB_PAGE_SIZE}
        forms={PUBLICATION_FORMS}
        empty={CONTENT_TEXTS.publicationsEmpty}
        className="lom-content__items"
        itemKey={(message) => message.id}
        renderItem={(message) => (
          <MessageCard message={message} selectable={false} selected={false} onSelect={noSelection} />
        )}
      />
    </div>
  );
}
