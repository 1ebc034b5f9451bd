import './dashboards.css';
import { Empty } from 'antd';
import { Link } from 'react-router';
import { usePickNames } from '../../api/pick-lists.ts';
import { useRubric } from '../../api/rubrics.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { DashboardView } from './DashboardView.tsx';
import { periodQuery, periodSearch } from './dashboard-url.ts';
import { useDashboardUrlState } from './useDashboardUrlState.ts';

/** /dashboards/rubric?rubric={id}: the segment picker and the segment's dashboard (read only). */
export function RubricDashboardPage() {
  const { state, patch } = useDashboardUrlState('rubric');
  const rubricId = state.subject;
  const names = usePickNames('rubric', rubricId ? [rubricId] : []);
  const rubric = useRubric(rubricId ?? 0, periodQuery(state.period));
  const name =
    rubric.data?.name ??
    names.data?.find((item) => item.id === rubricId)?.name ??
    (rubricId ? `#${rubricId}` : '');
  usePageTitle(rubricId ? `${PAGE_TITLES['dashboards-rubric']}: ${name}` : PAGE_TITLES['dashboards-rubric']);

  return (
    <section className="page dashboard-page">
      <div className="page__head">
        <PageHeading>{rubricId ? name : PAGE_TITLES['dashboards-rubric']}</PageHeading>
        {rubricId ? (
          <div className="page__actions">
            <Link to={`/rubrics/${rubricId}${periodSearch(state.period)}`}>Карточка сегмента</Link>
          </div>
        ) : null}
      </div>
      <div className="dashboard-picker">
        <PickSelect
          kind="rubric"
          placeholder="Выберите сегмент"
          value={rubricId}
          onChange={(id) => patch({ subject: id ?? undefined })}
        />
      </div>
      {rubricId ? (
        <DashboardView
          dashboard={{ kind: 'rubric', id: rubricId }}
          name={name}
          state={state}
          onPatch={patch}
          constantLabel="ЛОМ сегмента"
          listsTitle="ЛОМ сегмента"
          listsNote="Списки — по преобладающей тональности сообщений ЛОМ за период"
        />
      ) : (
        <Empty description="Выберите сегмент, чтобы открыть его дашборд" />
      )}
    </section>
  );
}
