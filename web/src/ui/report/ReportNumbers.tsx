import './report.css';
import { type MessageFilterParams, REPORT_LIVE_FLAGS, withQuery } from '@monitoring/contracts';
import { Alert, Card, Statistic } from 'antd';
import { Link } from 'react-router';
import type { ReportStatsQuery } from '../../api/report-tables.ts';
import { formatCount, formatExact } from '../../lib/format.ts';
import { LoadErrorAlert } from '../LoadErrorAlert.tsx';
import { REPORT_TEXTS } from './report-texts.ts';

interface ReportNumbersProps {
  /** report/themes_stats/ of `filter`. */
  stats: ReportStatsQuery;
  /** The filter with its period, as the report calls took it. */
  filter: MessageFilterParams;
  /** Said when the period has no message of the filter (the numbers are then zeros). */
  noMessages: string;
  /** The «С темами» card (the picture of the day; a theme's messages all have one). */
  withThemes?: boolean;
}

/**
 * The numbers of a filter over a period: messages, (with themes,) SI and views, with «Открыть
 * сообщения» going to the messages list of the same filter and the live flags (its total is
 * the count shown).
 */
export function ReportNumbers({ stats, filter, noMessages, withThemes = false }: ReportNumbersProps) {
  const data = stats.data;
  if (stats.isError && !stats.isFetching) {
    return (
      <LoadErrorAlert
        title={REPORT_TEXTS.failed(REPORT_TEXTS.numbers)}
        error={stats.error}
        onRetry={() => stats.refetch()}
      />
    );
  }
  const none = data?.no_messages ?? false;
  return (
    <>
      {none && <Alert type="info" showIcon title={noMessages} />}
      <div className="report-tab__numbers">
        <Card size="small">
          <Statistic
            title={REPORT_TEXTS.messages}
            value={none ? 0 : (data?.all ?? 0)}
            formatter={(value) => (
              <span data-testid="report-message-count">{formatExact(Number(value))}</span>
            )}
            loading={!data}
          />
          <Link to={withQuery('/messages', { ...filter, ...REPORT_LIVE_FLAGS })}>
            {REPORT_TEXTS.openMessages}
          </Link>
        </Card>
        {withThemes && (
          <Card size="small">
            <Statistic
              title={REPORT_TEXTS.withThemes}
              value={data?.with_themes ?? 0}
              formatter={(value) => formatExact(Number(value))}
              loading={!data}
            />
          </Card>
        )}
        <Card size="small">
          <Statistic
            title={REPORT_TEXTS.si}
            value={data?.total_si ?? 0}
            formatter={(value) => formatCount(Number(value))}
            loading={!data}
          />
        </Card>
        <Card size="small">
          <Statistic
            title={REPORT_TEXTS.views}
            value={data?.total_views ?? 0}
            formatter={(value) => formatCount(Number(value))}
            loading={!data}
          />
        </Card>
      </div>
    </>
  );
}
