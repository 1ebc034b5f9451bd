import { RobotOutlined } from '@ant-design/icons';
import type { MessageDetail } from '@monitoring/contracts';
import { Alert, Button, Space } from 'antd';
import { convertMessageFromAi } from '../../../api/message-edits.ts';
import { MoodTag } from '../../../ui/MoodTag.tsx';
import { useEditorMutation } from './useEditorMutation.ts';

/** Fragments whose editor mood differs from the AI's. */
export function aiDisagreements(message: MessageDetail): number {
  const fragments = message.fragments.filter((f) => f.mood_ai !== null && f.mood !== f.mood_ai).length;
  return fragments + (message.mood_ai !== null && message.mood !== message.mood_ai ? 1 : 0);
}

/**
 * Zefir mode (§2, §4): a message from the special source, marked by the AI. The
 * editor compares the AI's mood with the current one and may accept the AI's
 * markup as a whole (convert-from-ai).
 */
export function ZefirPanel({ message, editable }: { message: MessageDetail; editable: boolean }) {
  const convert = useEditorMutation(
    message.id,
    () => convertMessageFromAi(message.id),
    'Разметка ИИ принята',
  );
  const differences = aiDisagreements(message);
  return (
    <Alert
      className="zefir-panel"
      type="info"
      icon={<RobotOutlined />}
      showIcon
      title="Режим «Зефир»: сообщение размечено ИИ"
      description={
        <Space orientation="vertical" size={8}>
          <Space wrap>
            <MoodTag mood={message.mood_ai} prefix="ИИ" />
            <MoodTag mood={message.mood} prefix="Редактор" />
            <span className="muted">
              {differences === 0 ? 'Разметка совпадает с ИИ' : `Расхождений с ИИ: ${differences}`}
            </span>
          </Space>
          {message.trash ? (
            <span className="muted">
              В корзине: «Проверено» переключает проверку ИИ, «В архиве» возвращает из корзины.
            </span>
          ) : null}
          {editable ? (
            <Button type="primary" loading={convert.isPending} onClick={() => convert.mutate(undefined)}>
              Принять разметку ИИ
            </Button>
          ) : null}
        </Space>
      }
    />
  );
}
