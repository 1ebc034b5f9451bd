import { CheckCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { MessageDetail, MessageFlagCall } from '@monitoring/contracts';
import { Button, Space, Tooltip } from 'antd';
import { approveMessages, toggleMessageFlag } from '../../../api/message-edits.ts';
import { useCan } from '../../../api/useCan.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { useEditorMutation } from './useEditorMutation.ts';

interface FlagButton {
  call: MessageFlagCall;
  label: string;
  /** The flag the button shows as pressed. */
  flag: keyof Pick<
    MessageDetail,
    'verified' | 'verified_by_super_editor' | 'verified_ai' | 'delayed' | 'archived' | 'trash'
  >;
}

const BUTTONS: FlagButton[] = [
  { call: 'verify', label: 'Проверено', flag: 'verified' },
  { call: 'se-verify', label: 'Супер-проверка', flag: 'verified_by_super_editor' },
  { call: 'verify_ai', label: 'Проверено ИИ', flag: 'verified_ai' },
  { call: 'delay', label: 'Отложено', flag: 'delayed' },
  { call: 'archive', label: 'В архиве', flag: 'archived' },
  { call: 'trash', label: 'В корзине', flag: 'trash' },
];

/** §4 Zefir: on a trash item from the special source, two buttons act on other flags. */
function zefirHint(message: MessageDetail, call: MessageFlagCall): string | undefined {
  if (!(message.from_zephyr && message.trash)) return undefined;
  if (call === 'verify') return 'Зефир: у сообщения в корзине переключает «Проверено ИИ»';
  if (call === 'archive') return 'Зефир: у сообщения в корзине переключает корзину';
  return undefined;
}

/**
 * What an editor's «Проверено» would leave unclassified: the theme, the mood, or both (null when nothing is
 * missing). The spec does not forbid verifying such a message, so the toolbar asks, it does not refuse.
 */
function missingClassification(message: Pick<MessageDetail, 'theme' | 'mood'>): string | null {
  const missing = [message.theme ? null : 'темы', message.mood === null ? 'тональности' : null].filter(
    (part): part is string => part !== null,
  );
  return missing.length === 0 ? null : `У сообщения нет ${missing.join(' и ')}.`;
}

/**
 * The message's flags (§4), each toggled singly; the message reloads after each.
 * Super-verify and approval only for a super editor.
 */
export function FlagsToolbar({ message }: { message: MessageDetail }) {
  const can = useCan();
  const { modal } = useFeedback();
  const toggle = useEditorMutation(message.id, (call: MessageFlagCall) =>
    toggleMessageFlag(message.id, call),
  );
  const approve = useEditorMutation(message.id, () => approveMessages([message.id]), 'Сообщение одобрено');
  const superEditor = can('SUPER_EDITOR_STATUS');
  const editor = can('EDIT_MESSAGE_ATTRIBUTES');
  const buttons = BUTTONS.filter(({ call }) => (call === 'se-verify' ? superEditor : editor));
  if (buttons.length === 0) return null;

  // Setting «Проверено» on a message without a theme or a mood asks first, naming what is missing. Unsetting it,
  // and Zefir's verify (which acts on the AI's check), go through at once.
  const press = (call: MessageFlagCall) => {
    const missing = call === 'verify' && !message.verified && !zefirHint(message, call);
    const text = missing ? missingClassification(message) : null;
    if (!text) {
      toggle.mutate(call);
      return;
    }
    modal.confirm({
      title: 'Отметить сообщение проверенным?',
      content: `${text} Его можно проверить и так, но в отчётах и таблицах тональности оно будет без них.`,
      okText: 'Да, проверено',
      cancelText: 'Отмена',
      onOk: () => toggle.mutate(call),
    });
  };

  return (
    <div className="flags-toolbar" role="toolbar" aria-label="Флаги сообщения">
      <Space wrap size={[8, 8]}>
        {buttons.map(({ call, label, flag }) => {
          const on = message[flag];
          const hint = zefirHint(message, call);
          const button = (
            <Button
              key={call}
              data-call={call}
              aria-pressed={on}
              type={on ? 'primary' : 'default'}
              ghost={on}
              // The icon only repeats aria-pressed: hidden, it keeps the button's name «Проверено».
              icon={on ? <CheckCircleOutlined aria-hidden /> : undefined}
              loading={toggle.isPending && toggle.variables === call}
              disabled={toggle.isPending}
              onClick={() => press(call)}
            >
              {label}
            </Button>
          );
          return hint ? (
            <Tooltip key={call} title={hint}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
        {superEditor && message.verified && !message.verified_by_super_editor ? (
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined />}
            loading={approve.isPending}
            onClick={() => approve.mutate(undefined)}
          >
            Одобрить
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
