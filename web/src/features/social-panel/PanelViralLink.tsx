import { Link } from 'react-router';
import { useSocialPanelViral } from '../../api/social-panel.ts';
import type { DayPeriod } from '../../lib/day-period.ts';
import { formatCount } from '../../lib/format.ts';
import { messagesLink } from './PanelPeople.tsx';
import { SOCIAL_PANEL_TEXTS as T } from './texts.ts';

/**
 * The viral content of the panel's audience over the period (viral-content-id/): how many viral
 * messages the panel's loms wrote, as a link to them on /messages (`id_in`, the most viral first).
 */
export function PanelViralLink({ panelId, period }: { panelId: number; period: DayPeriod }) {
  const viral = useSocialPanelViral(panelId, period);
  if (viral.isPending) return <span className="muted">…</span>;
  if (viral.isError) return <span className="muted">{T.viralFailed}</span>;
  if (viral.data.count === 0) return <span className="muted">{T.noViral}</span>;
  return (
    <Link data-testid="panel-viral" to={messagesLink({ id_in: viral.data.ids }, period)}>
      {T.viral(formatCount(viral.data.count))}
    </Link>
  );
}
