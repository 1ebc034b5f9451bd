import {
  type DigestCreateBody,
  type DigestFormat,
  type DigestItem,
  type DigestPeriod,
  WEEKDAY_LABELS,
} from '@monitoring/contracts';
import {
  splitAddresses,
  type TargetFormValues,
  targetBody,
  targetFieldOf,
  targetFormValues,
} from './target-form.ts';

export interface DigestFormValues extends TargetFormValues {
  name: string;
  period: DigestPeriod;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number | null;
  /** HH:MM, Moscow. */
  time: string;
  format: DigestFormat;
  /** The addresses as typed, one box. */
  recipients: string;
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The form's values of a stored digest, or of a new one (daily at 09:00, Excel, to the user). */
export function digestFormValues(digest: DigestItem | null, ownEmail: string): DigestFormValues {
  return {
    ...targetFormValues(digest),
    name: digest?.name ?? '',
    period: digest?.period ?? 'daily',
    weekday: digest?.weekday ?? 1,
    time: digest?.time ?? '09:00',
    format: digest?.format ?? 'xlsx',
    recipients: (digest?.recipients ?? (ownEmail ? [ownEmail] : [])).join(', '),
  };
}

/** The body of POST digests/ and PATCH digests/{id}/. */
export function digestBody(values: DigestFormValues): DigestCreateBody {
  return {
    name: values.name.trim(),
    period: values.period,
    weekday: values.period === 'weekly' ? values.weekday : null,
    time: values.time.trim(),
    format: values.format,
    ...targetBody(values),
    recipients: splitAddresses(values.recipients),
  };
}

/** Where the server's 400 or 403 belongs in the digest form, or null. */
export function digestFieldOf(field: string | undefined): keyof DigestFormValues | null {
  if (!field) return null;
  const [head] = field.split('.');
  const target = targetFieldOf(field);
  if (target) return target as keyof DigestFormValues;
  const own = ['name', 'period', 'weekday', 'time', 'format', 'recipients'] as const;
  return (own as readonly string[]).includes(head) ? (head as keyof DigestFormValues) : null;
}

/** «Ежедневно в 09:00 МСК», «По понедельникам в 09:00 МСК». */
export function scheduleText(digest: Pick<DigestItem, 'period' | 'weekday' | 'time'>): string {
  if (digest.period === 'weekly' && digest.weekday)
    return `Еженедельно, ${(WEEKDAY_LABELS[digest.weekday - 1] ?? '').toLowerCase()}, ${digest.time} МСК`;
  return `Ежедневно, ${digest.time} МСК`;
}
