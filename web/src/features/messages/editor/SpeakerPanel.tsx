import type { MessageDetail } from '@monitoring/contracts';
import { Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { addSpeaker, mergeSpeechData, removeSpeaker } from '../../../api/message-edits.ts';
import { formatSpeechTimestamp, parseSpeechTimestamp } from '../../../lib/format.ts';
import { PickSelect } from '../../../ui/PickSelect.tsx';
import { useEditorMutation } from './useEditorMutation.ts';

/** Who speaks in the message (a lom) and from which second of the recording. */
export function SpeakerPanel({ message, editable }: { message: MessageDetail; editable: boolean }) {
  const [speaker, setSpeaker] = useState<number | null>(message.speaker?.id ?? null);
  const [time, setTime] = useState(formatSpeechTimestamp(message.speech_timestamp));
  useEffect(() => {
    setSpeaker(message.speaker?.id ?? null);
    setTime(formatSpeechTimestamp(message.speech_timestamp));
  }, [message.speaker?.id, message.speech_timestamp]);

  const seconds = parseSpeechTimestamp(time);
  const timeInvalid = time.trim() !== '' && seconds === null;
  const save = useEditorMutation(
    message.id,
    () => (speaker === null ? removeSpeaker(message.id) : addSpeaker(message.id, speaker, seconds)),
    'Спикер сохранён',
  );
  const merge = useEditorMutation(message.id, () => mergeSpeechData(message.id), 'Данные речи перенесены');

  if (!editable) {
    return (
      <p>
        {message.speaker?.name ?? 'Спикер не указан'}
        {message.speech_timestamp !== null ? `, с ${formatSpeechTimestamp(message.speech_timestamp)}` : ''}
      </p>
    );
  }
  return (
    <div className="form-stack">
      <PickSelect
        kind="lom"
        placeholder="Спикер"
        value={speaker}
        known={message.speaker ? [message.speaker] : []}
        onChange={setSpeaker}
      />
      <Input
        aria-label="Отметка времени речи"
        placeholder="Время речи, м:сс"
        value={time}
        status={timeInvalid ? 'error' : undefined}
        onChange={(event) => setTime(event.target.value)}
        onPressEnter={() => !timeInvalid && save.mutate(undefined)}
      />
      <Space wrap>
        <Button
          type="primary"
          disabled={timeInvalid}
          loading={save.isPending}
          onClick={() => save.mutate(undefined)}
        >
          Сохранить
        </Button>
        <Button
          disabled={message.speaker === null && message.speech_timestamp === null}
          loading={merge.isPending}
          onClick={() => merge.mutate(undefined)}
        >
          Перенести на цитаты и фрагменты
        </Button>
      </Space>
    </div>
  );
}
