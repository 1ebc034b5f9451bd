import type { ViralStat } from '@monitoring/contracts';

/** The viral content page's Russian text. */
export const TEXTS = {
  stat: 'Показатель',
  statNames: { views: 'просмотров', reposts: 'репостов', si: 'SI' } satisfies Record<ViralStat, string>,
  growthTitle: 'Во сколько охват сообщения (просмотры + 10 × репосты) превысил обычный охват ЛОМ за 28 дней',
  explain:
    'Сообщения, охват которых (просмотры + 10 × репосты) хотя бы вчетверо выше обычного охвата ЛОМ за 28 предыдущих дней. ' +
    'Процент на карточке — рост к обычному охвату.',
  found: (n: number) => `Вирусных сообщений: ${n.toLocaleString('ru-RU')}`,
  empty: 'За этот период вирусных сообщений нет',
  loadError: 'Не удалось загрузить вирусный контент',
  noLom: 'ЛОМ не указан',
  noText: 'Без текста',
  openMessage: 'Открыть сообщение',
  openOriginal: 'Оригинал',
};
