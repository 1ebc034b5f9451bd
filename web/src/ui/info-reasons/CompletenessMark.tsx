import './info-reasons.css';
import { Tooltip } from 'antd';
import { completenessMark } from '../../lib/info-reason-view.ts';

/** ✓, ✗ or — : whether an info reason's messages reached its target tonality. */
export function CompletenessMark({ complete }: { complete: boolean | null }) {
  const { symbol, label } = completenessMark(complete);
  return (
    <Tooltip title={label}>
      <span
        className="info-reasons-table__complete"
        data-complete={String(complete)}
        role="img"
        aria-label={label}
      >
        {symbol}
      </span>
    </Tooltip>
  );
}
