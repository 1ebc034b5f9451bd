import { useCan } from '../api/useCan.ts';

export const EDITOR_ACTIONS_TITLE = 'Действия';
/** Shown until the live count stream is wired (a later issue); never a made-up number. */
export const EDITOR_ACTIONS_EMPTY = '—';

/** The editor-actions counter slot of the default layout (permission editor_actions_counter). */
export function EditorActionsPanel() {
  const can = useCan();
  if (!can('editor_actions_counter')) return null;
  return (
    <section className="editor-actions" aria-labelledby="editor-actions-title" data-slot="editor-actions">
      <h2 id="editor-actions-title" className="editor-actions__title">
        {EDITOR_ACTIONS_TITLE}
      </h2>
      <output className="editor-actions__count" data-testid="editor-actions-count" aria-live="polite">
        {EDITOR_ACTIONS_EMPTY}
      </output>
    </section>
  );
}
