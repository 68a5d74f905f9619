import type { DashboardCard, LocalizedText, RegistryEntry } from '@portal/shared';
import type { RemoteModuleState } from '../../remotes/remote-modules-store';
import { illustrationUrl } from './illustrations';

export type CardView =
  | { status: 'loading' }
  | { status: 'hidden' }
  | { status: 'ready'; title: string; description: string; image: string | undefined };

/** What staff may set on a card; each part is optional (the remote fills the gaps). */
interface RegistryCardTexts {
  title?: LocalizedText;
  description?: LocalizedText;
  illustration?: string;
}

/**
 * A card's title, description and picture: the registry's (staff-set) texts win, else the remote's own `card` (from
 * its description: its portal-remote.json, or its loaded './remote' module). Without registry texts (or picture) the
 * card waits for its remote's description; without a title it is left out when that fails (or the remote declares no
 * card): a card without a title helps nobody.
 */
export function cardView(
  entry: RegistryEntry & { card: DashboardCard },
  remoteState: RemoteModuleState | undefined,
  language: 'en' | 'de',
): CardView {
  const texts: RegistryCardTexts = entry.card;
  const own = remoteState?.status === 'ready' ? remoteState.description.card : undefined;
  const title = texts.title?.[language] || own?.title[language];
  const description = texts.description?.[language] || own?.description[language];
  const describing = Boolean(entry.remote) && (!remoteState || remoteState.status === 'loading');
  if (!title) return describing ? { status: 'loading' } : { status: 'hidden' };
  const image = illustrationUrl(texts.illustration, own?.illustration);
  // The registry's texts without its own picture: the card waits for its remote's, which would otherwise appear above
  // texts already on screen and push them, and every card below, down the page.
  if (!image && describing) return { status: 'loading' };
  return { status: 'ready', title, description: description ?? '', image };
}
