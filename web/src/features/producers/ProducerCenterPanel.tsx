import { formatNumber } from '@monitoring/contracts';
import { Button, Statistic } from 'antd';
import type { ProducerFilter } from '../../api/producers.ts';
import { useProducer } from '../../api/producers.ts';
import { ItemGate } from '../../ui/ItemGate.tsx';
import { ProducerCharts } from './ProducerCharts.tsx';

const TEXTS = {
  missing: 'Продюсерский центр не найден',
  failed: 'Не удалось загрузить продюсерский центр',
  back: 'К списку продюсерских центров',
  backTo: '/producers',
};

/** One center: its name, the loms it shows (the §9 override for ids 23 and 9) and its charts. */
export function ProducerCenterPanel({
  id,
  filter,
  onClose,
}: {
  id: number;
  filter: ProducerFilter;
  onClose: () => void;
}) {
  const query = useProducer(id);
  return (
    <section className="producer-center" aria-label="Продюсерский центр">
      <ItemGate validId query={query} texts={TEXTS} rows={4}>
        {(center) => (
          <>
            <div className="page__head">
              <h2>{center.name}</h2>
              <div className="page__actions">
                <Button onClick={onClose}>Все центры</Button>
              </div>
            </div>
            <div className="producer-center__stats">
              <Statistic
                title="Количество ЛОМ"
                value={center.loms_count}
                formatter={(value) => (
                  <span data-testid="producer-loms-count">{formatNumber(Number(value))}</span>
                )}
              />
              <Statistic title="Тип" value={center.type ?? '—'} />
            </div>
            <ProducerCharts filter={filter} />
          </>
        )}
      </ItemGate>
    </section>
  );
}
