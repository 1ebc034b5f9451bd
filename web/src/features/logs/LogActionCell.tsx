import { actionTargets, type UserActionItem } from '@monitoring/contracts';
import { Link } from 'react-router';

const TARGET_PATHS = {
  message: (id: number) => `/messages/${id}`,
  theme: (id: number) => `/theme/${id}`,
  info_reason: (id: number) => `/info-reason/${id}`,
  lom: (id: number) => `/loms/${id}`,
} as const;

/** What was done to which object, and the change line by line («Проверено: нет → да»), names and labels by the server. */
export function LogActionCell({ row }: { row: UserActionItem }) {
  const targets = actionTargets(row);
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
      {row.changes.map((change, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one row never reorder
        <div key={index} className="log-action__change">
          {change.field === null ? null : <span className="log-action__field">{change.field}: </span>}
          {change.old === null ? null : (
            <>
              <span className="log-action__old">{change.old}</span>
              <span aria-hidden="true"> → </span>
            </>
          )}
          <span className="log-action__new">{change.new ?? '—'}</span>
        </div>
      ))}
    </div>
  );
}
