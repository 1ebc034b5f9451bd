import {
  LOM_CARD_TAB_ACCESS,
  LOM_CARD_TAB_LABELS,
  type LomCardTab,
  lomCardAllows,
} from '@monitoring/contracts';
import type { AuthUser } from '../http/auth.ts';
import { forbidden } from '../http/errors.ts';

/** Refuses (403) a producer-center user whose card rule does not show this tab. */
export function assertLomCardTab(user: AuthUser, tab: LomCardTab): void {
  if (!lomCardAllows(user, LOM_CARD_TAB_ACCESS[tab])) {
    throw forbidden(`Вкладка «${LOM_CARD_TAB_LABELS[tab]}» карточки ЛОМ недоступна`);
  }
}
