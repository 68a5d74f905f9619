import type { DashboardCard } from '../remote/types';
import { isAvvAccepted, isDataSourceConfigured, isProfileComplete } from './completeness';
import { hasValidLicense } from './license-validity';
import type { DataSource, License, Profile } from './types';

export type CardAction = 'soon' | 'complete-profile' | 'configure' | 'buy' | 'parent-only';
export type CardHint = 'profile' | 'avv' | 'dataSource';

export interface CardReadiness {
  action: CardAction;
  hint?: CardHint;
  /** Where a click leads (missing step, configure page or buy page). */
  target?: string;
}

export const CARD_HINT_TARGETS: Record<CardHint, string> = {
  profile: '/profile',
  avv: '/profile?direction=avv',
  dataSource: '/profile?direction=dataSource',
};

export function buyTarget(pluginName: string): string {
  return `/licenses/buy?plugin=${encodeURIComponent(pluginName)}`;
}

export interface CardReadinessInput {
  card: Pick<DashboardCard, 'pluginName' | 'comingSoon' | 'buyWithoutFilling'> & { configurePath?: string };
  profile: Pick<Profile, 'contact' | 'avv'> | null | undefined;
  dataSource: Partial<DataSource> | null | undefined;
  licenses: readonly License[] | null | undefined;
  isSubUser: boolean;
  now?: Date;
}

/**
 * A dashboard card's button: Soon when coming soon; else the first missing step (complete profile, accepted AVV, a
 * database connection unless a sub-user or a buy-without-filling card); else Configure with a valid license; else
 * Buy, or for a sub-user the note that only the parent user can buy.
 */
export function cardReadiness({
  card,
  profile,
  dataSource,
  licenses,
  isSubUser,
  now = new Date(),
}: CardReadinessInput): CardReadiness {
  if (card.comingSoon) return { action: 'soon' };
  const missing = (hint: CardHint): CardReadiness => ({
    action: 'complete-profile',
    hint,
    target: CARD_HINT_TARGETS[hint],
  });
  if (!isProfileComplete(profile?.contact)) return missing('profile');
  if (!isAvvAccepted(profile?.avv)) return missing('avv');
  if (!isSubUser && !card.buyWithoutFilling && !isDataSourceConfigured(dataSource)) return missing('dataSource');
  if (hasValidLicense(licenses, card.pluginName, now)) return { action: 'configure', target: card.configurePath };
  if (isSubUser) return { action: 'parent-only' };
  return { action: 'buy', target: buyTarget(card.pluginName) };
}
