/** The alerts page's URL: the tab, its page, and the alert whose events (or the digest whose sends) are open. */
export interface AlertsUrlState {
  tab: 'alerts' | 'digests';
  page: number;
  /** `?alert=<id>`: the events drawer of that alert (the mails and the bell link here). */
  alert: number | null;
  /** `?digest=<id>`: the sends of that digest. */
  digest: number | null;
}

function positiveInt(text: string | null): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}

/** Lenient: anything unknown falls back to the default. */
export function parseAlertsUrl(params: URLSearchParams): AlertsUrlState {
  return {
    tab: params.get('tab') === 'digests' ? 'digests' : 'alerts',
    page: positiveInt(params.get('page')) ?? 1,
    alert: positiveInt(params.get('alert')),
    digest: positiveInt(params.get('digest')),
  };
}

/** Defaults are left out: `/alerts` is the first page of alerts. */
export function writeAlertsUrl(state: AlertsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab === 'digests') params.set('tab', 'digests');
  if (state.page > 1) params.set('page', String(state.page));
  if (state.alert !== null) params.set('alert', String(state.alert));
  if (state.digest !== null) params.set('digest', String(state.digest));
  return params;
}
