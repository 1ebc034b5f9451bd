import {
  FEED_DUPLICATE_MESSAGE,
  FEED_KIND_LABELS,
  FEED_LIMITS,
  type FeedCreateBody,
  feedForSourceUrl,
} from '@monitoring/contracts';
import { isApiError } from '../../../api/api-error.ts';
import { useCreateSourceFeed } from '../../../api/feeds.ts';
import { useCan } from '../../../api/useCan.ts';
import { useFeedback } from '../../../ui/feedback.ts';

export const FEED_OFFER_TEXTS = {
  title: 'Собирать публикации этого аккаунта?',
  titleMany: 'Собирать публикации этих аккаунтов?',
  hint: `Лента будет опрашиваться раз в ${FEED_LIMITS.defaultIntervalMinutes} мин; выключить её можно в «Администрирование → Источники → Сбор».`,
  ok: 'Собирать',
  cancel: 'Не сейчас',
  created: (count: number) => (count === 1 ? 'Лента сбора создана' : `Создано лент сбора: ${count}`),
  exists: 'Лента сбора для этого адреса уже есть',
  failed: 'Не удалось создать ленту сбора',
} as const;

/** A saved account of a lom: its id and address. */
export interface SavedLomSource {
  id: number;
  lom_source_url: string;
}

/** The server's answer to a feed that exists already («Такая лента уже есть»): information, not a failure. */
const isDuplicate = (error: unknown) =>
  isApiError(error) &&
  error.status === 400 &&
  error.field === 'url' &&
  error.message.includes(FEED_DUPLICATE_MESSAGE);

/**
 * The feeds to offer for a lom's saved accounts: one per address that has a feed (contracts `feedForSourceUrl`),
 * none to a user who does not run the collectors.
 */
export function offeredFeeds(
  lomId: number,
  sources: readonly SavedLomSource[],
  mayCollect: boolean,
): FeedCreateBody[] {
  if (!mayCollect) return [];
  return sources.flatMap((source) => {
    const offered = feedForSourceUrl(source.lom_source_url);
    return offered ? [{ ...offered, lom_id: lomId, lom_source_id: source.id }] : [];
  });
}

/**
 * After a lom's account is saved: when its address has a feed (a t.me channel, a vk.com wall, a YouTube channel,
 * contracts `feedForSourceUrl`) and the user runs the collectors (`view_lomsource_admin`), asks «Собирать публикации
 * этого аккаунта?» and creates the feed on yes. Returns the offer; it does nothing for other addresses or users.
 */
export function useFeedOffer(): (lomId: number, sources: readonly SavedLomSource[]) => void {
  const may = useCan()('view_lomsource_admin');
  const create = useCreateSourceFeed();
  const { message, modal } = useFeedback();

  return (lomId, sources) => {
    const bodies = offeredFeeds(lomId, sources, may);
    if (bodies.length === 0) return;
    modal.confirm({
      title: bodies.length === 1 ? FEED_OFFER_TEXTS.title : FEED_OFFER_TEXTS.titleMany,
      content: (
        <>
          <ul>
            {bodies.map((body) => (
              <li key={body.url}>
                {FEED_KIND_LABELS[body.kind]}: {body.url}
              </li>
            ))}
          </ul>
          <p>{FEED_OFFER_TEXTS.hint}</p>
        </>
      ),
      okText: FEED_OFFER_TEXTS.ok,
      cancelText: FEED_OFFER_TEXTS.cancel,
      onOk: async () => {
        let created = 0;
        let existing = 0;
        for (const body of bodies) {
          try {
            await create.mutateAsync(body);
            created += 1;
          } catch (error) {
            if (isDuplicate(error)) existing += 1;
            else if (isApiError(error) && error.status === 400)
              message.error(`${FEED_OFFER_TEXTS.failed}: ${error.message}`);
          }
        }
        if (created > 0) message.success(FEED_OFFER_TEXTS.created(created));
        if (existing > 0) message.info(FEED_OFFER_TEXTS.exists);
      },
    });
  };
}
