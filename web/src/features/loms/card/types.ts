import type { LomDetail } from '@monitoring/contracts';

/** The card's period (Moscow days, YYYY-MM-DD), kept in the URL as period_after / period_before. */
export interface LomCardPeriod {
  after: string;
  before: string;
}

/** What every tab of the lom card receives from the card shell (LomPage). */
export interface LomTabProps {
  lom: LomDetail;
  period: LomCardPeriod;
}
