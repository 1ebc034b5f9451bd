import {
  formatDateRu,
  formatNumber,
  pluralRu,
  type RuPluralForms,
  type SpikeWindow,
} from '@monitoring/contracts';
import type { NegativeShareResult, SpikeReason } from './spike.ts';

// The Russian sentences of the engine: an event's summary and an alert's last_result (docs/alerts.md "Engine").

const NEW_FORMS: RuPluralForms = ['новое сообщение', 'новых сообщения', 'новых сообщений'];
const MESSAGE_FORMS: RuPluralForms = ['сообщения', 'сообщений', 'сообщений'];

/** «12 новых сообщений, показаны первые 10». */
export function newSummary(total: number, listed: number): string {
  const head = `${formatNumber(total)} ${pluralRu(total, NEW_FORMS)}`;
  return total > listed ? `${head}, показаны первые ${formatNumber(listed)}` : head;
}

/** What last_result says before the spike sentence of formatSpike. */
export const SPIKE_RESULT_PREFIX: Readonly<Record<SpikeReason, string>> = {
  spike: 'Всплеск, оповещение отправлено',
  below_threshold: 'Всплеска нет',
  too_small: 'Всплеска нет: объём меньше порога чувствительности',
  no_history: 'Нет истории для сравнения',
  no_data: 'Нет данных за окно',
};

/** The spike fired before for this window: the event exists and nothing is sent again. */
export const SPIKE_ALREADY_SENT = 'Всплеск, об этом окне уже сообщено';

const percent = (share: number) => `${formatNumber(Math.round(share * 1000) / 10)} %`;

/** «За сутки 28 ноября 2026: доля негатива 35 % (7 из 20 сообщений), порог 30 %». */
export function negativeSentence(
  result: NegativeShareResult,
  thresholdPercent: number,
  window: SpikeWindow,
  windowStart: Date,
): string {
  const when = window === 'hour' ? 'За последний час' : `За сутки ${formatDateRu(windowStart)}`;
  const threshold = `порог ${formatNumber(thresholdPercent)} %`;
  if (result.total === 0) return `${when}: сообщений нет, ${threshold}`;
  const share = result.share === null ? '—' : percent(result.share);
  return `${when}: доля негатива ${share} (${formatNumber(result.negative)} из ${formatNumber(result.total)} ${pluralRu(result.total, MESSAGE_FORMS)}), ${threshold}`;
}

/** What last_result says before the negative sentence. */
export const NEGATIVE_RESULT_PREFIX = {
  fired: 'Доля негатива выше порога, оповещение отправлено',
  already: 'Доля негатива выше порога, об этом окне уже сообщено',
  still: 'Доля негатива всё ещё выше порога: оповещение было при переходе через порог',
  below: 'Доля негатива ниже порога',
  small: 'Мало сообщений для доли негатива (нужно не меньше 10)',
} as const;
