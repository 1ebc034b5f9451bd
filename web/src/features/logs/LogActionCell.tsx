import { actionTargets, formatActionValue, type UserActionItem } from '@monitoring/contracts';
import { Link } from 'react-router';

const TARGET_PATHS = {
  message: (id: number) => `/messages/${id}`,
  theme: (id: number) => `/theme/${id}`,
  info_reason: (id: number) => `/info-reason/${id}`,
  lom: (id: number) => `/loms/${id}`,
} as const;

/** What was done to which object, and the change (old → new) when the log has one. */
export function LogActionCell({ row }: { row: UserActionItem }) {
  const targets = actionTargets(row);
  const hasChange = row.old_value !== null || row.new_value !== null;
  return (
    <div className="log-action">
      <div>
        <span className="log-action__verb">{row.action_name}</span>
        {targets.map((target, index) => (
          <span key={`${target.kind}-${target.id}`}>
            {index === 0 ? ' ' : ', '}
            <Link to={TARGET_PATHS[target.kind](target.id)}>{target.label}</Link>
          </span>
        ))}
      </div>
      {hasChange ? (
        <div className="log-action__change">
          <span className="log-action__old">{formatActionValue(row.old_value)}</span>
          <span aria-hidden="true"> → </span>
          <span className="log-action__new">{formatActionValue(row.new_value)}</span>
        </div>
      ) : null}
    </div>
  );
}
