import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { messageKeys } from '../../api/messages.ts';
import { useCan } from '../../api/useCan.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { TEXTS } from './texts.ts';

interface BulkToolbarProps {
  selected: readonly number[];
  onEdit: () => void;
  onSelectPage: () => void;
  onClear: () => void;
}

/** What can be done with the selected messages: mass edit and, for a super editor, approval. */
export function BulkToolbar({ selected, onEdit, onSelectPage, onClear }: BulkToolbarProps) {
  const can = useCan();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const approve = useMutation({
    // The edit API and its schemas load at the first approval, not with the page.
    mutationFn: async () => (await import('../../api/message-edits.ts')).approveMessages(selected),
    onSuccess: async () => {
      message.success(TEXTS.approved(selected.length));
      onClear();
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });

  return (
    <div className="bulk-toolbar" role="toolbar" aria-label="Действия с выбранными">
      <span className="bulk-toolbar__count">{TEXTS.selected(selected.length)}</span>
      <Space wrap>
        {can('MASS_EDIT_MESSAGE_ATTRIBUTES') ? (
          <Button type="primary" onClick={onEdit}>
            {selected.length > 0 ? TEXTS.massEdit : 'Массовое изменение'}
          </Button>
        ) : null}
        {can('SUPER_EDITOR_STATUS') ? (
          <Button
            disabled={selected.length === 0}
            loading={approve.isPending}
            onClick={() => approve.mutate()}
          >
            {TEXTS.approve}
          </Button>
        ) : null}
        <Button type="link" onClick={onSelectPage}>
          {TEXTS.selectPage}
        </Button>
        <Button type="link" onClick={onClear} disabled={selected.length === 0}>
          {TEXTS.clearSelection}
        </Button>
      </Space>
    </div>
  );
}
