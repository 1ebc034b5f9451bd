import { formatNumber } from '@monitoring/contracts';
import { useActionsCount } from '../api/actions-count.ts';
import { useCan } from '../api/useCan.ts';

export const EDITOR_ACTIONS_TITLE = 'Действия';
/** Shown while the live count is not connected (loading, network loss, refused): never a stale or made-up number. */
export const EDITOR_ACTIONS_EMPTY = '—';

/**
 * The editor-actions counter of the default layout (permission editor_actions_counter): the number of actions
 * editors made today (Moscow day), live over Server-Sent Events (docs/logs.md "The live counter").
 */
export function EditorActionsPanel() {
  const can = useCan();
  const allowed = can('editor_actions_counter');
  const count = useActionsCount(allowed);
  if (!allowed) return null;
  return (
    <section className="editor-actions" aria-labelledby="editor-actions-title" data-slot="editor-actions">
      <h2 id="editor-actions-title" className="editor-actions__title">
        {EDITOR_ACTIONS_TITLE}
      </h2>
      <output
        className="editor-actions__count"
        data-testid="editor-actions-count"
        aria-live="polite"
        title={
          count === null ? 'Нет связи со счётчиком, переподключаемся' : 'Действий редакторов за сегодня (МСК)'
        }
      >
        {count === null ? EDITOR_ACTIONS_EMPTY : formatNumber(count)}
      </output>
    </section>
  );
}
