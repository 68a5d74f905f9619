import type { DashboardCard } from '../remote/types';
import { isAvvAccepted, isDataSourceConfigured, isProfileComplete } from './completeness';
import { hasValidLicense } from './license-validity';
import type { DataSource, License, Profile } from './types';

export type CardAction = 'soon' | 'complete-profile' | 'configure' | 'buy' | 'parent-only' | 'unknown';
export type CardHint = 'profile' | 'avv' | 'dataSource';
/** The parts of the session a card's button is decided from. */
export const CARD_PARTS = ['profile', 'dataSource', 'licenses'] as const;
export type CardPart = (typeof CARD_PARTS)[number];

export interface CardReadiness {
  action: CardAction;
  hint?: CardHint;
  /** Where a click leads (missing step, configure page or buy page). */
  target?: string;
  /** 'unknown': the parts this card needs whose load failed (load them again to decide). */
  failed?: CardPart[];
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
  /** Parts of the session whose last load failed: what they hold is not known, so nothing is decided from them. */
  failedParts?: readonly string[];
  now?: Date;
}

/**
 * A dashboard card's button: Soon when coming soon; else the first missing step (complete profile, accepted AVV, a
 * database connection unless a sub-user or a buy-without-filling card); else Configure with a valid license; else
 * Buy, or for a sub-user the note that only the parent user can buy. A step whose part failed to load is never
 * guessed: the card is 'unknown' with the failed parts it needs (a complete, licensed seller must not read "Complete
 * profile" or "Buy" because a request failed).
 */
export function cardReadiness({
  card,
  profile,
  dataSource,
  licenses,
  isSubUser,
  failedParts = [],
  now = new Date(),
}: CardReadinessInput): CardReadiness {
  if (card.comingSoon) return { action: 'soon' };
  const missing = (hint: CardHint): CardReadiness => ({
    action: 'complete-profile',
    hint,
    target: CARD_HINT_TARGETS[hint],
  });
  const needsDataSource = !isSubUser && !card.buyWithoutFilling;
  const failed = CARD_PARTS.filter((part) => failedParts.includes(part) && (part !== 'dataSource' || needsDataSource));
  const unknown = (part: CardPart) => failed.includes(part);
  const undecided: CardReadiness = { action: 'unknown', failed };
  if (unknown('profile')) return undecided;
  if (!isProfileComplete(profile?.contact)) return missing('profile');
  if (!isAvvAccepted(profile?.avv)) return missing('avv');
  if (unknown('dataSource')) return undecided;
  if (needsDataSource && !isDataSourceConfigured(dataSource)) return missing('dataSource');
  if (unknown('licenses')) return undecided;
  if (hasValidLicense(licenses, card.pluginName, now)) return { action: 'configure', target: card.configurePath };
  if (isSubUser) return { action: 'parent-only' };
  return { action: 'buy', target: buyTarget(card.pluginName) };
}
