import './loms.css';
import {
  formatAge,
  LOM_CARD_TAB_LABELS,
  type LomCardTab,
  type LomDetail,
  lomCardTabsFor,
} from '@monitoring/contracts';
import { Card, Result, Skeleton, Statistic, Tabs } from 'antd';
import dayjs from 'dayjs';
import { type ComponentType, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCurrentUser } from '../../api/auth.ts';
import { useLomDetail } from '../../api/loms.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PeriodPicker, presetRange } from '../../ui/PeriodPicker.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AudienceTab } from './card/AudienceTab.tsx';
import { BrandsTab } from './card/BrandsTab.tsx';
import { CommentsTab } from './card/CommentsTab.tsx';
import { CooperationTab } from './card/CooperationTab.tsx';
import { DynamicsTab } from './card/DynamicsTab.tsx';
import { FactsTab } from './card/FactsTab.tsx';
import { GroupsTab } from './card/GroupsTab.tsx';
import { InvolvementsTab } from './card/InvolvementsTab.tsx';
import { LomProfilePanel } from './card/LomProfilePanel.tsx';
import { PublicationsTab } from './card/PublicationsTab.tsx';
import { QualityAudienceTab } from './card/QualityAudienceTab.tsx';
import { QuotesTab } from './card/QuotesTab.tsx';
import { RelationsTab } from './card/RelationsTab.tsx';
import { RubricsTab } from './card/RubricsTab.tsx';
import { SpeechTab } from './card/SpeechTab.tsx';
import type { LomCardPeriod, LomTabProps } from './card/types.ts';

const TAB_COMPONENTS: Record<LomCardTab, ComponentType<LomTabProps>> = {
  publications: PublicationsTab,
  quotes: QuotesTab,
  speech: SpeechTab,
  rubrics: RubricsTab,
  involvements: InvolvementsTab,
  groups: GroupsTab,
  audience: AudienceTab,
  dynamics: DynamicsTab,
  brands: BrandsTab,
  quality_audience: QualityAudienceTab,
  cooperation: CooperationTab,
  comments: CommentsTab,
  facts: FactsTab,
  relations: RelationsTab,
};

const DAY = 'YYYY-MM-DD';
const decimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** The card's period: from the URL, else the last month up to today. */
function useCardUrlState() {
  const [params, setParams] = useSearchParams();
  const [defaultAfter, defaultBefore] = presetRange('month');
  const valid = (text: string | null) => (text && dayjs(text, DAY, true).isValid() ? text : null);
  const period: LomCardPeriod = {
    after: valid(params.get('period_after')) ?? defaultAfter.format(DAY),
    before: valid(params.get('period_before')) ?? defaultBefore.format(DAY),
  };
  const set = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === 'tab' },
    );
  return { params, period, set };
}

function LomMetrics({ lom }: { lom: LomDetail }) {
  const items: [string, string][] = [
    ['Подписчики', formatCount(lom.subscribers)],
    ['Si', formatCount(Math.round(lom.total_si))],
    ['Просмотры', formatCount(lom.total_views)],
    ['Сообщения', formatCount(lom.message_number)],
    ['Проверено', formatCount(lom.verified_count)],
    ['Цитаты', formatCount(lom.quotes_count)],
    ['Средний SI', decimal.format(lom.average_si)],
    ['Возраст аудитории', lom.audience_age === null ? '—' : formatAge(lom.audience_age)],
    ['Индекс доверия', lom.trust_index === null ? '—' : decimal.format(lom.trust_index)],
    ['Индекс влияния', lom.influence_index === null ? '—' : decimal.format(lom.influence_index)],
    ['Индекс интеграции', lom.integration_index === null ? '—' : decimal.format(lom.integration_index)],
    ['Последнее сообщение', lom.last_message_at ? formatDateTime(lom.last_message_at) : '—'],
  ];
  return (
    <Card size="small" title="Показатели за всё время" className="lom-card__metrics">
      <div className="lom-card__metrics-grid">
        {items.map(([title, value]) => (
          <Statistic key={title} title={title} value={value} />
        ))}
      </div>
    </Card>
  );
}

/** /loms/{id}: the lom card — profile, all-time metrics, and the tabs the user's card rule allows. */
export function LomPage() {
  const id = Number(useParams().id);
  const detail = useLomDetail(id);
  const user = useCurrentUser().data;
  const { params, period, set } = useCardUrlState();
  usePageTitle(detail.data ? detail.data.name : PAGE_TITLES['loms-id']);
  const tabs = useMemo(
    () => (user ? lomCardTabsFor({ role: user.role, ui_permissions: user.user_ui_permissions }) : []),
    [user],
  );

  if (detail.isPending) {
    return (
      <section className="page" aria-busy="true">
        <Skeleton active avatar paragraph={{ rows: 8 }} />
      </section>
    );
  }
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? 'ЛОМ не найден' : 'Не удалось загрузить карточку ЛОМ'}
        subTitle={missing ? undefined : detail.error.message}
        extra={<Link to="/loms">К списку ЛОМ</Link>}
      />
    );
  }

  const lom = detail.data;
  const requested = params.get('tab') as LomCardTab | null;
  const tab = requested && tabs.includes(requested) ? requested : tabs[0];
  const Active = tab ? TAB_COMPONENTS[tab] : null;

  return (
    <section className="page lom-card">
      <div className="lom-card__top">
        <LomProfilePanel lom={lom} />
        <LomMetrics lom={lom} />
      </div>
      <div className="lom-card__period">
        <span>Период вкладок:</span>
        <PeriodPicker
          allowClear={false}
          value={period}
          onChange={({ after, before }) => {
            set('period_after', after);
            set('period_before', before);
          }}
        />
      </div>
      <Tabs
        className="lom-card__tabs"
        activeKey={tab}
        onChange={(key) => set('tab', key)}
        items={tabs.map((key) => ({ key, label: LOM_CARD_TAB_LABELS[key] }))}
      />
      {Active ? <Active key={`${tab}-${lom.id}`} lom={lom} period={period} /> : null}
    </section>
  );
}
