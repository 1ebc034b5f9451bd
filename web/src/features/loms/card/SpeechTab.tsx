import './lom-content.css';
import { AudioOutlined } from '@ant-design/icons';
import { LOM_TAB_PAGE_SIZE } from '@monitoring/contracts';
import { useLomSpeech } from '../../../api/lom-content.ts';
import { formatSpeechTimestamp } from '../../../lib/format.ts';
import { MessageCard } from '../../../ui/MessageCard.tsx';
import { CONTENT_TEXTS, SPEECH_FORMS } from './content-texts.ts';
import { PagedTabList } from './PagedTabList.tsx';
import type { LomTabProps } from './types.ts';
import { useTabPage } from './useTabPage.ts';

const noSelection = () => {};

/**
 * «Прямая речь»: publications of the period in which the lom is the speaker (a TV or video
 * message of any author), with the second of the recording the speech starts at.
 */
export function SpeechTab({ lom, period }: LomTabProps) {
  const [page, setPage] = useTabPage('speech_page');
  const list = useLomSpeech(lom.id, period, page);
  return (
    <div className="lom-content">
      <PagedTabList
        query={list}
        page={page}
        onPage={setPage}
        pageSize={LOM_TAB_PAGE_SIZE}
        forms={SPEECH_FORMS}
        empty={CONTENT_TEXTS.speechEmpty}
        className="lom-content__items"
        itemKey={(message) => message.id}
        renderItem={(message) => (
          <div className="lom-content__speech" data-message-id={message.id}>
            <p className="lom-content__speech-time">
              <AudioOutlined />{' '}
              {message.speech_timestamp === null
                ? CONTENT_TEXTS.speechNoTime
                : CONTENT_TEXTS.speechAt(formatSpeechTimestamp(message.speech_timestamp))}
            </p>
            <MessageCard message={message} selectable={false} selected={false} onSelect={noSelection} />
          </div>
        )}
      />
    </div>
  );
}
