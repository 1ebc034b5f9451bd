import {
  dominantMood,
  isTargetTonalityMet,
  MOOD_LABELS,
  type Mood,
  type MoodCounts,
  mergeOtherIntoNeutral,
  moodDynamicsPercents,
  moodTableDominantColor,
  percentOf,
} from '@monitoring/contracts';
import type { AboutArticle } from '../article-types.ts';

// The examples are computed by the same contracts functions the screens use, so a change of a rule changes the
// example's answer too (and the tests of this page say which answer the text expects).

/** Example 1: the positive side wins, then the larger of its pair. */
export const EXAMPLE_SIDES: MoodCounts = { 1: 3, 6: 2, 2: 4, 5: 0, 3: 2, 4: 2 };
/** Example 2: neutral (3 with 4) exceeds both sides. */
export const EXAMPLE_NEUTRAL: MoodCounts = { 1: 2, 6: 1, 2: 2, 5: 1, 3: 5, 4: 1 };
/** Example 3: the sides are equal and neutral does not exceed them: no colour. */
export const EXAMPLE_TIE: MoodCounts = { 1: 2, 6: 1, 2: 1, 5: 2, 3: 1 };
/** Example 4: a mood table whose most frequent mood is 4. */
export const EXAMPLE_TABLE_OTHER = {
  1: { message_count: 5 },
  2: { message_count: 3 },
  4: { message_count: 7 },
};
/** Example 5: shares of a mood table after merging 4 into 3. */
export const EXAMPLE_SHARES: MoodCounts = { 6: 2, 1: 7, 3: 12, 4: 1, 2: 6, 5: 2 };

const label = (mood: Mood | null) => (mood === null ? 'нет цвета' : `«${MOOD_LABELS[mood]}» (${mood})`);
const sum = (counts: MoodCounts, ...moods: Mood[]) =>
  moods.reduce((total, mood) => total + (counts[mood] ?? 0), 0);

function sidesLine(counts: MoodCounts): string {
  return (
    `Позитивная сторона 1 + 6 = ${sum(counts, 1, 6)}, негативная 2 + 5 = ${sum(counts, 2, 5)}, ` +
    `нейтральная 3 + 4 = ${sum(counts, 3, 4)}.`
  );
}

const merged = mergeOtherIntoNeutral(EXAMPLE_SHARES);
const sharesTotal = Object.values(merged).reduce((total, value) => total + (value ?? 0), 0);
const truncated = ([6, 1, 3, 2, 5] as const).map((mood) => percentOf(merged[mood] ?? 0, sharesTotal));
const dynamics = moodDynamicsPercents(merged);

export const TONALITY_ARTICLE: AboutArticle = {
  route: 'about-tonality',
  summary:
    'Шесть тональностей сообщения, как из них выбирается преобладающая тональность и цвет, и почему «другое» ' +
    'считается нейтральным.',
  screens: [
    { route: 'messages', label: 'Сообщения: вкладка «Тональность и ЛОМ»', query: { tab: 2 } },
    { route: 'index', label: 'Картина дня' },
    { route: 'themes-info-reasons', label: 'Темы и инфоповоды' },
  ],
  sections: [
    {
      heading: 'Шесть тональностей',
      blocks: [
        {
          kind: 'text',
          text:
            'Каждому сообщению и фрагменту редактор или модель ставит одну тональность. Тональности образуют две ' +
            'пары: позитивную (1 — позитивное по контексту, 6 — поддерживающее, то есть позитивная оценка) и ' +
            'негативную (2 — негативное или протестное по контексту, 5 — агрессивное, то есть негативная оценка). ' +
            'Отдельно стоят 3 — нейтральное и 4 — «другое».',
        },
        { kind: 'mood-legend' },
        {
          kind: 'text',
          text:
            'Цвета: позитивное — зелёный, негативное — красный, нейтральное — серый, агрессивное — тёмно-красный, ' +
            'поддерживающее — тёмно-зелёный. У «другого» своего цвета нет: оно показывается светло-серым, как ' +
            'отсутствие данных.',
        },
      ],
    },
    {
      heading: 'Почему тональность 4 считается как 3',
      blocks: [
        {
          kind: 'text',
          text:
            'Так определено в спецификации продукта: счётчики тональности 4 сливаются с тональностью 3. «Другое» — ' +
            'сообщение, которое не относится ни к позитивной, ни к негативной паре, поэтому для баланса «за» и ' +
            '«против» оно весит столько же, сколько нейтральное.',
        },
        {
          kind: 'list',
          items: [
            'В таблицах тональности и на полосе тональности строка «Нейтральное» показывает сумму 3 и 4.',
            'В фильтре сообщений выбор «Нейтральное» ищет и 3, и 4: фильтр mood_in=3 превращается в 3,4.',
            'При выборе преобладающей тональности счётчик 4 прибавляется к нейтральной стороне.',
            'Сервер хранит и отдаёт тональность 4 отдельной строкой; складывает её с 3 экран. Поэтому ЛОМ, писавший ' +
              'и с тональностью 3, и с 4, в столбцах «ЛОМ» и «Подписчики» нейтральной строки может быть учтён дважды.',
          ],
        },
        {
          kind: 'formula',
          lines: ['нейтральное = count(3) + count(4)', 'фильтр: mood_in=3  →  mood_in=3,4'],
        },
      ],
    },
    {
      heading: 'Преобладающая тональность и её цвет',
      blocks: [
        {
          kind: 'text',
          text:
            'Преобладающая тональность окрашивает ЛОМ в списках дашбордов, определяет фактическую тональность ' +
            'инфоповода и распределяет ЛОМ сегмента по спискам «позитивные», «негативные», «нейтральные». Она ' +
            'считается по числу сообщений каждой тональности так:',
        },
        {
          kind: 'formula',
          lines: [
            'П = count(1) + count(6)      Н = count(2) + count(5)      Нт = count(3) + count(4)',
            'если Нт > П и Нт > Н     → 3 (нейтральное)',
            'иначе если П > Н         → 6, если count(6) > count(1), иначе 1',
            'иначе если Н > П         → 5, если count(5) > count(2), иначе 2',
            'иначе (П = Н)            → цвета нет',
          ],
        },
        {
          kind: 'text',
          text:
            'Нейтральное побеждает, только если его больше, чем каждой из сторон. При равенстве внутри пары ' +
            'выбирается тональность по контексту (1 или 2). Если сообщений нет или стороны равны, элемент не ' +
            'окрашивается.',
        },
        {
          kind: 'example',
          title: 'Пример 1: побеждает сторона, затем больший в паре',
          lines: [
            'Позитивных 3, поддерживающих 2, негативных 4, агрессивных 0, нейтральных 2, «других» 2.',
            sidesLine(EXAMPLE_SIDES),
            `Нейтральная сторона не больше позитивной; позитивная больше негативной; в паре 3 против 2 — ` +
              `результат: ${label(dominantMood(EXAMPLE_SIDES))}.`,
          ],
        },
        {
          kind: 'example',
          title: 'Пример 2: нейтральное больше каждой стороны',
          lines: [
            'Позитивных 2, поддерживающих 1, негативных 2, агрессивных 1, нейтральных 5, «других» 1.',
            sidesLine(EXAMPLE_NEUTRAL),
            `6 больше и 3, и 3 — результат: ${label(dominantMood(EXAMPLE_NEUTRAL))}.`,
          ],
        },
        {
          kind: 'example',
          title: 'Пример 3: стороны равны',
          lines: [
            'Позитивных 2, поддерживающих 1, негативных 1, агрессивных 2, нейтральных 1.',
            sidesLine(EXAMPLE_TIE),
            `Стороны равны, нейтральное их не превышает — результат: ${label(dominantMood(EXAMPLE_TIE))}.`,
          ],
        },
      ],
    },
    {
      heading: 'Цвет таблицы тональности и значок',
      blocks: [
        {
          kind: 'text',
          text:
            'Таблица тональности (например, у темы или новости) окрашивается иначе: в цвет самой частой отдельной ' +
            'тональности по числу сообщений, без сложения пар. Если сообщений нет или самая частая — «другое» (4), ' +
            'берётся цвет нейтрального.',
        },
        {
          kind: 'example',
          lines: [
            'Позитивных 5, негативных 3, «других» 7. Самая частая — 4, поэтому цвет таблицы — цвет нейтрального ' +
              `(${moodTableDominantColor(EXAMPLE_TABLE_OTHER)}), а не светло-серый цвет «другого».`,
          ],
        },
        {
          kind: 'text',
          text:
            'Значок тональности следует за самой частой тональностью (нулевые счётчики отбрасываются; при равенстве ' +
            'берётся меньший код): позитивное и поддерживающее — довольное лицо, негативное и агрессивное — ' +
            'сердитое, нейтральное — нейтральное, иначе — знак вопроса. Без данных значок — вопрос на сером кольце. ' +
            'Пока данные загружаются, полоса тональности показывает один серый нейтральный отрезок.',
        },
      ],
    },
    {
      heading: 'Доли в процентах',
      blocks: [
        {
          kind: 'text',
          text:
            'Доля тональности в таблице — целое число процентов, дробная часть отбрасывается (не округляется), ' +
            'поэтому сумма долей может быть меньше 100. Динамика тональности показывает доли с одним знаком после ' +
            'запятой. Круговые диаграммы переводят доли в целые градусы так, что их сумма ровно 360.',
        },
        { kind: 'formula', lines: ['доля = trunc(100 × сообщений тональности / всех сообщений)'] },
        {
          kind: 'example',
          lines: [
            `Поддерживающих 2, позитивных 7, нейтральных 12 и «других» 1 (вместе ${merged[3]}), негативных 6, ` +
              `агрессивных 2: всего ${sharesTotal}.`,
            `Доли в таблице (6, 1, 3, 2, 5): ${truncated.join(' %, ')} % — в сумме ${truncated.reduce((a, b) => a + b, 0)} %.`,
            `В динамике: ${[dynamics[6], dynamics[1], dynamics[3], dynamics[2], dynamics[5]]
              .map((value) => value.toLocaleString('ru-RU'))
              .join(' %, ')} %.`,
          ],
        },
      ],
    },
    {
      heading: 'Целевая тональность инфоповода',
      blocks: [
        {
          kind: 'text',
          text:
            'Инфоповоду можно задать целевую тональность. Он считается отработанным, когда его фактическая ' +
            '(преобладающая) тональность по проверенным сообщениям попадает в ту же пару, что и цель: обе в {1, 6}, ' +
            'обе в {2, 5} или обе нейтральные. Если цель — «другое» (4) или не задана, отметка не ставится.',
        },
        {
          kind: 'example',
          lines: [
            `Цель 6, факт 1: ${isTargetTonalityMet(1, 6) ? 'достигнута' : 'не достигнута'}. ` +
              `Цель 2, факт 3: ${isTargetTonalityMet(3, 2) ? 'достигнута' : 'не достигнута'}. ` +
              `Цель 4: ${isTargetTonalityMet(1, 4) === null ? 'не оценивается' : 'оценивается'}.`,
          ],
        },
        { kind: 'links', links: [{ route: 'about-inforeasons', label: 'Подробнее: инфоповоды' }] },
      ],
    },
  ],
};
