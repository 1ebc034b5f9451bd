import { InfoCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useSiDefinition } from '../api/viral-content.ts';

/** What the tooltip says: the short definition, the formula and the scale, from api/v2/si/. */
function SiTooltipText() {
  const si = useSiDefinition();
  if (si.isPending) return <span>Загрузка…</span>;
  if (!si.data) return <span>Не удалось загрузить описание SI</span>;
  return (
    <div className="si-hint__text">
      <div>{si.data.short}</div>
      <div>{si.data.formula}</div>
      <div>
        Шкала:{' '}
        {si.data.scale
          .map((band) =>
            band.to === null ? `от ${band.from} — ${band.label}` : `${band.from}–${band.to} — ${band.label}`,
          )
          .join('; ')}
      </div>
    </div>
  );
}

/** «SI» with an info mark whose tooltip explains the index; loaded on the first hover. */
export function SiHint({ label = 'Si' }: { label?: string }) {
  // antd renders the title only once the tooltip opens, so the call waits for the first hover.
  return (
    <Tooltip title={<SiTooltipText />}>
      <span className="si-hint" data-testid="si-hint">
        {label} <InfoCircleOutlined />
      </span>
    </Tooltip>
  );
}
