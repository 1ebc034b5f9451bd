import './lom-audience.css';
import {
  AGE_RANGES,
  AGE_RANGES_COARSE,
  AUDIENCE_KEYS,
  AUDIENCE_LABELS,
  AUDIENCE_PALETTE,
  type AudienceShares,
  ageRangeLabel,
  COARSE_AGE_EXACT,
  CORRELATION_COLORS,
  type LomAudienceResponse,
} from '@monitoring/contracts';
import { Alert, Card, Empty, Segmented, Select, Skeleton } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useLomAudience, useLomInterests, useLomPeriodInterests } from '../../../api/lom-audience.ts';
import { formatDate, formatExact } from '../../../lib/format.ts';
import { EChart, type EChartsCoreOption } from '../../../ui/EChart.tsx';
import type { LomTabProps } from './types.ts';
import { useTabChoice, useTabParam } from './useTabChoice.ts';

const AGE_SETS = ['fine', 'coarse'] as const;
type AgeSet = (typeof AGE_SETS)[number];
const ALL_SOURCES = 'all';
const percent = (value: number) => `${formatExact(value)} %`;

interface ShareItem {
  key: string;
  label: string;
  value: number;
  color: string;
}

interface ShareGroup {
  title: string;
  kind: 'pie' | 'bar';
  items: ShareItem[];
  note?: string;
}

const COARSE_NOTE =
  '≈ — оценка. Возраст хранится группами 0–17, 18–24, 25–34, 35–44, 45–54 и 55–99 лет; доля группы ' +
  'делится поровну между годами её возраста (половина 35–44 лет идёт в 25–39, половина — в 40–59; ' +
  '5 из 45 лет группы 55–99 — в 40–59, остальное — в 60–99).';

const item = (shares: AudienceShares, key: keyof typeof AUDIENCE_LABELS, index: number): ShareItem => ({
  key,
  label: AUDIENCE_LABELS[key],
  value: shares[key],
  color: AUDIENCE_PALETTE[index % AUDIENCE_PALETTE.length],
});

function ageItems(shares: AudienceShares, ageSet: AgeSet): ShareItem[] {
  const color = AUDIENCE_PALETTE[0];
  if (ageSet === 'fine') {
    return AGE_RANGES.map((range) => ({
      key: range.key,
      label: ageRangeLabel(range),
      value: shares[range.key],
      color,
    }));
  }
  return AGE_RANGES_COARSE.map((range) => ({
    key: range.key,
    label: `${COARSE_AGE_EXACT[range.key] ? '' : '≈ '}${ageRangeLabel(range)}`,
    value: shares[range.key],
    color,
  }));
}

/** The five groups of product.md §3, in the order the card shows them. */
function shareGroups(shares: AudienceShares, ageSet: AgeSet): ShareGroup[] {
  return [
    { title: 'Пол', kind: 'pie', items: AUDIENCE_KEYS.gender.map((key, i) => item(shares, key, i)) },
    {
      title: 'Возраст',
      kind: 'bar',
      items: ageItems(shares, ageSet),
      note: ageSet === 'coarse' ? COARSE_NOTE : undefined,
    },
    {
      title: 'Образование',
      kind: 'pie',
      items: AUDIENCE_KEYS.education.map((key, i) => item(shares, key, i + 2)),
    },
    {
      title: 'Семейное положение',
      kind: 'pie',
      items: AUDIENCE_KEYS.marital.map((key, i) => item(shares, key, i + 4)),
    },
    {
      title: 'Корреляция',
      kind: 'pie',
      items: AUDIENCE_KEYS.correlation.map((key) => ({
        ...item(shares, key, 0),
        color: CORRELATION_COLORS[key],
      })),
    },
  ];
}

function chartOption({ kind, items }: ShareGroup): EChartsCoreOption {
  if (kind === 'pie') {
    return {
      tooltip: { trigger: 'item', valueFormatter: (value: number) => percent(value) },
      series: [
        {
          type: 'pie',
          radius: ['45%', '72%'],
          label: { formatter: '{c} %' },
          data: items.map((i) => ({ name: i.label, value: i.value, itemStyle: { color: i.color } })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => percent(value) },
    grid: { left: 48, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: items.map((i) => i.label), axisLabel: { interval: 0, fontSize: 11 } },
    yAxis: { type: 'value', axisLabel: { formatter: '{value} %' } },
    series: [{ type: 'bar', data: items.map((i) => i.value), itemStyle: { color: items[0]?.color } }],
  };
}

function ShareCard({ group }: { group: ShareGroup }) {
  const option = useMemo(() => chartOption(group), [group]);
  return (
    <Card size="small" title={group.title}>
      <EChart option={option} label={`Аудитория: ${group.title.toLowerCase()}`} height={220} />
      <ul className="lom-tab__values">
        {group.items.map((i) => (
          <li key={i.key}>
            <span className="lom-tab__swatch" style={{ background: i.color }} />
            {i.label}: <b>{percent(i.value)}</b>
          </li>
        ))}
      </ul>
      {group.note ? <p className="lom-tab__note muted">{group.note}</p> : null}
    </Card>
  );
}

function barOption(names: string[], values: number[], unit: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', axisLabel: { formatter: `{value}${unit}` } },
    yAxis: { type: 'category', inverse: true, data: names, axisLabel: { width: 180, overflow: 'truncate' } },
    series: [{ type: 'bar', data: values, itemStyle: { color: AUDIENCE_PALETTE[0] } }],
  };
}

const barHeight = (count: number) => Math.max(120, count * 28 + 24);

function InterestsCard({ lomId }: { lomId: number }) {
  const query = useLomInterests(lomId);
  const rows = query.data?.results ?? [];
  const option = useMemo(
    () =>
      barOption(
        rows.map((r) => (r.isAi ? `${r.name} (ИИ)` : r.name)),
        rows.map((r) => r.share),
        ' %',
      ),
    [rows],
  );
  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (query.isError)
    body = (
      <Alert type="error" showIcon title="Не удалось загрузить интересы" description={query.error.message} />
    );
  else if (rows.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Интересы аудитории не определены" />;
  else body = <EChart option={option} label="Интересы аудитории" height={barHeight(rows.length)} />;
  return (
    <Card size="small" title="Интересы аудитории">
      {body}
    </Card>
  );
}

function PeriodInterestsCard({ lomId, period }: { lomId: number; period: LomTabProps['period'] }) {
  const query = useLomPeriodInterests(lomId, period);
  const data = query.data;
  const rows = data?.results ?? [];
  const option = useMemo(
    () =>
      barOption(
        rows.map((r) => r.theme.name),
        rows.map((r) => r.message_count),
        '',
      ),
    [rows],
  );
  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (query.isError && !data)
    body = (
      <Alert type="error" showIcon title="Не удалось загрузить темы" description={query.error.message} />
    );
  else if (!data || data.message_count === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="За период нет публикаций" />;
  else
    body = (
      <div className={query.isPlaceholderData ? 'lom-tab__stale' : undefined}>
        <p className="muted">
          Публикаций за период: {formatExact(data.message_count)}, без темы: {formatExact(data.without_theme)}
        </p>
        {rows.length > 0 ? (
          <EChart option={option} label="Темы публикаций за период" height={barHeight(rows.length)} />
        ) : null}
        <ul className="lom-tab__values">
          {rows.map((r) => (
            <li key={r.theme.id}>
              {r.theme.name}: <b>{formatExact(r.message_count)}</b>{' '}
              <span className="muted">({percent(r.share)})</span>
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <Card size="small" title="Интересы за период: темы публикаций (топ-10)">
      {body}
    </Card>
  );
}

function sourceOptions(data: LomAudienceResponse) {
  return [
    { value: ALL_SOURCES, label: 'Все площадки' },
    ...data.sources.map(({ lom_source: account }) => ({
      value: String(account.id),
      label: `${account.source.name} · ${account.url.replace(/^https?:\/\//, '')}${account.is_active ? '' : ' (неактивен)'}`,
    })),
  ];
}

/** The card's audience tab: the audience groups (whole or per account) and the interests. */
export function AudienceTab({ lom, period }: LomTabProps) {
  const [ageSet, setAgeSet] = useTabChoice<AgeSet>('age_set', AGE_SETS, 'fine');
  const [sourceParam, setSource] = useTabParam('audience_source', ALL_SOURCES);
  const query = useLomAudience(lom.id);
  const data = query.data;
  const account = data?.sources.find((s) => String(s.lom_source.id) === sourceParam);
  const shares = account ? account.audience : (data?.audience ?? null);
  const updatedAt = account ? account.updated_at : (data?.updated_at ?? null);
  const groups = useMemo(() => (shares ? shareGroups(shares, ageSet) : []), [shares, ageSet]);

  let audience: ReactNode;
  if (query.isPending) audience = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError)
    audience = (
      <Alert type="error" showIcon title="Не удалось загрузить аудиторию" description={query.error.message} />
    );
  else if (!shares) audience = <Empty description="Данных об аудитории ЛОМ нет" />;
  else
    audience = (
      <div className="lom-tab__grid">
        {groups.map((group) => (
          <ShareCard key={group.title} group={group} />
        ))}
      </div>
    );

  return (
    <div className="lom-tab">
      <div className="lom-tab__toolbar">
        {data && data.sources.length > 0 ? (
          <Select
            aria-label="Площадка"
            style={{ minWidth: 280 }}
            value={account ? sourceParam : ALL_SOURCES}
            options={sourceOptions(data)}
            onChange={setSource}
          />
        ) : null}
        <Segmented<AgeSet>
          aria-label="Возрастные группы"
          value={ageSet}
          onChange={setAgeSet}
          options={[
            { value: 'fine', label: '0–17 … 55–99 лет' },
            { value: 'coarse', label: '0–18 … 60–99 лет' },
          ]}
        />
        {updatedAt ? <span className="muted">Данные на {formatDate(updatedAt)}</span> : null}
      </div>
      {audience}
      <div className="lom-tab__grid lom-tab__grid--wide">
        <InterestsCard lomId={lom.id} />
        <PeriodInterestsCard lomId={lom.id} period={period} />
      </div>
    </div>
  );
}
