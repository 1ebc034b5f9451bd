import {
  ALERT_KIND_LABELS,
  type AlertKind,
  formatDateRu,
  formatNumber,
  formatTimeRu,
  pluralRu,
  type RuPluralForms,
} from '@monitoring/contracts';

// What an alert's notification says outside the app (docs/alerts.md "Engine"): the webhook's JSON, the Telegram
// message (HTML) and the mail (text and HTML), in Russian, with links to the messages and to the alert.

export interface NoticeMessage {
  id: number;
  text: string;
  url: string | null;
  lom_name: string | null;
  wrote_at: Date;
}

/** One event as the channels tell it. */
export interface AlertNotice {
  alertId: number;
  alertName: string;
  alertKind: string;
  eventId: number;
  firedAt: Date;
  windowStart: Date;
  windowEnd: Date;
  summary: string;
  messageCount: number;
  messages: NoticeMessage[];
}

const MORE_FORMS: RuPluralForms = ['сообщение', 'сообщения', 'сообщений'];

export const messageLink = (publicUrl: string, id: number) => `${publicUrl}/messages/${id}`;
export const alertLink = (publicUrl: string, alertId: number) => `${publicUrl}/alerts?alert=${alertId}`;

/** The first words of a text on one line, at most `max` characters. */
export function snippet(text: string, max: number): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** «05 марта 2026, 14:20 (МСК)». */
export const moscowDateTime = (at: Date) => `${formatDateRu(at)}, ${formatTimeRu(at)} (МСК)`;

const kindLabel = (kind: string) => ALERT_KIND_LABELS[kind as AlertKind] ?? kind;

/** «и ещё 12 сообщений», or null when every message is listed. */
function moreLine(notice: AlertNotice): string | null {
  const more = notice.messageCount - notice.messages.length;
  return more > 0 ? `и ещё ${formatNumber(more)} ${pluralRu(more, MORE_FORMS)}` : null;
}

/** The webhook's body (docs/alerts.md "Webhook"). */
export function webhookPayload(notice: AlertNotice, publicUrl: string) {
  return {
    alert: { id: notice.alertId, name: notice.alertName, kind: notice.alertKind },
    event: {
      id: notice.eventId,
      fired_at: notice.firedAt.toISOString(),
      window_start: notice.windowStart.toISOString(),
      window_end: notice.windowEnd.toISOString(),
      summary: notice.summary,
      message_count: notice.messageCount,
    },
    messages: notice.messages.map((m) => ({
      id: m.id,
      text: snippet(m.text, 1000),
      url: m.url,
      lom_name: m.lom_name,
      wrote_at: m.wrote_at.toISOString(),
      link: messageLink(publicUrl, m.id),
    })),
    link: alertLink(publicUrl, notice.alertId),
  };
}

/** Text for HTML (mail, Telegram): &, <, > and quotes escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Telegram's limit of one message. */
const TELEGRAM_MAX = 4096;

/** The Telegram message (parse_mode HTML): the alert, the summary, the messages with links, the alert's link. */
export function telegramText(notice: AlertNotice, publicUrl: string): string {
  const head = [
    `🔔 <b>Оповещение «${escapeHtml(notice.alertName)}»</b>`,
    escapeHtml(notice.summary),
    '',
  ].join('\n');
  const tail = [
    moreLine(notice),
    '',
    `<a href="${escapeHtml(alertLink(publicUrl, notice.alertId))}">Открыть оповещение</a>`,
  ]
    .filter((line) => line !== null)
    .join('\n');
  let body = '';
  for (const m of notice.messages) {
    const who = m.lom_name ? `${escapeHtml(m.lom_name)}, ` : '';
    const line = `• <a href="${escapeHtml(messageLink(publicUrl, m.id))}">${escapeHtml(snippet(m.text, 200) || 'без текста')}</a> — ${who}${escapeHtml(moscowDateTime(m.wrote_at))}\n`;
    if (head.length + body.length + line.length + tail.length + 1 > TELEGRAM_MAX) break;
    body += line;
  }
  return `${head}\n${body}${tail}`;
}

/** The alert's mail: subject «Оповещение «name»: …», a text part and an HTML part, both with links. */
export function alertMail(
  notice: AlertNotice,
  publicUrl: string,
): { subject: string; body: string; html: string } {
  const subject = snippet(`Оповещение «${notice.alertName}»: ${notice.summary}`, 200);
  // A `new` alert speaks of the messages since its last notification, not of a window of its own.
  const when =
    notice.alertKind === 'new'
      ? `Сработало: ${moscowDateTime(notice.windowEnd)}`
      : `Окно: ${moscowDateTime(notice.windowStart)} — ${moscowDateTime(notice.windowEnd)}`;
  const more = moreLine(notice);
  const textLines = [
    `Оповещение «${notice.alertName}» (${kindLabel(notice.alertKind)})`,
    notice.summary,
    when,
    '',
    ...notice.messages.flatMap((m) => [
      `— ${snippet(m.text, 300) || 'без текста'}`,
      `  ${[m.lom_name, moscowDateTime(m.wrote_at)].filter(Boolean).join(', ')}`,
      `  ${messageLink(publicUrl, m.id)}`,
    ]),
    ...(more ? [more] : []),
    '',
    `Открыть оповещение: ${alertLink(publicUrl, notice.alertId)}`,
    '',
    'Это письмо отправлено системой мониторинга по вашему оповещению.',
  ];
  const items = notice.messages
    .map(
      (m) =>
        `<li style="margin-bottom:8px"><a href="${escapeHtml(messageLink(publicUrl, m.id))}">${escapeHtml(snippet(m.text, 300) || 'без текста')}</a><br><span style="color:#595959">${escapeHtml([m.lom_name, moscowDateTime(m.wrote_at)].filter(Boolean).join(', '))}</span></li>`,
    )
    .join('');
  const html = [
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,sans-serif;font-size:14px;color:#1f1f1f">',
    `<h2 style="font-size:18px">Оповещение «${escapeHtml(notice.alertName)}»</h2>`,
    `<p><b>${escapeHtml(notice.summary)}</b><br><span style="color:#595959">${escapeHtml(kindLabel(notice.alertKind))}. ${escapeHtml(when)}</span></p>`,
    items ? `<ul style="padding-left:20px">${items}</ul>` : '',
    more ? `<p>${escapeHtml(more)}</p>` : '',
    `<p><a href="${escapeHtml(alertLink(publicUrl, notice.alertId))}">Открыть оповещение</a></p>`,
    '<p style="color:#595959;font-size:12px">Это письмо отправлено системой мониторинга по вашему оповещению.</p>',
    '</body></html>',
  ].join('');
  return { subject, body: textLines.join('\n'), html };
}
