import { abbreviateNumber, formatDateRu, formatNumber, formatTimeRu } from '@monitoring/contracts';

// The one place pages format dates and numbers (product.md §9): 'DD MMMM YYYY', 'HH:mm', тыс./млн/млрд.
// Instants are shown in Moscow time, the business day of every period filter.

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '05 марта 2025'; '' for nothing or an invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatDateRu(date) : '';
}

/** '14:05'; '' for nothing or an invalid date. */
export function formatTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatTimeRu(date) : '';
}

/** '05 марта 2025, 14:05'. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? `${formatDateRu(date)}, ${formatTimeRu(date)}` : '';
}

/** Counts and sums in cards and tables: '1,25 тыс.', '3,4 млн'. */
export function formatCount(value: number | null | undefined): string {
  return abbreviateNumber(value);
}

/** A full number with groups: '1 234 567'. */
export function formatExact(value: number | null | undefined): string {
  return formatNumber(value);
}

/** Seconds of a recording as 'm:ss' or 'h:mm:ss'. */
export function formatSpeechTimestamp(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** 'm:ss', 'h:mm:ss' or plain seconds back to seconds; null when it is not a time. */
export function parseSpeechTimestamp(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d+(?::\d{1,2}){0,2}$/.test(value)) return null;
  return value.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** '≈ 1,5 МБ' for a byte count. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 0.1) return '< 0,1 МБ';
  return `${mb.toFixed(1).replace('.', ',')} МБ`;
}
