import { CheckCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { MessageDetail, MessageFlagCall } from '@monitoring/contracts';
import { Button, Space, Tooltip } from 'antd';
import { approveMessages, toggleMessageFlag } from '../../../api/message-edits.ts';
import { useCan } from '../../../api/useCan.ts';
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
 * The message's flags (§4), each toggled singly; the message reloads after each.
 * Super-verify and approval only for a super editor.
 */
export function FlagsToolbar({ message }: { message: MessageDetail }) {
  const can = useCan();
  const toggle = useEditorMutation(message.id, (call: MessageFlagCall) =>
    toggleMessageFlag(message.id, call),
  );
  const approve = useEditorMutation(message.id, () => approveMessages([message.id]), 'Сообщение одобрено');
  const superEditor = can('SUPER_EDITOR_STATUS');
  const editor = can('EDIT_MESSAGE_ATTRIBUTES');
  const buttons = BUTTONS.filter(({ call }) => (call === 'se-verify' ? superEditor : editor));
  if (buttons.length === 0) return null;

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
              onClick={() => toggle.mutate(call)}
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
