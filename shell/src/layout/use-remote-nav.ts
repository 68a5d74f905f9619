import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useShellApi } from '../shell-api/shell-api-context';
import { registryApiRef, remotesApiRef } from '../shell-api/shell-apis';
import { preloadNavPage } from '../remotes/preload-nav-page';
import { findEntryForPath } from '../remotes/registry-store';

export interface RemoteNavItem {
  to: string;
  label: string;
  Icon: ComponentType;
  order: number;
  mainUserOnly: boolean;
  /** Loads the linked page's chunk ahead of the click (pointer or focus on the entry). */
  preload(): void;
}

/**
 * The nav entries of the loaded remotes the registry lists. An entry shows once its remote's './remote' module has
 * loaded (a moment after sign-in), never for a remote that failed, and only where the registry sends its path to
 * that same remote (a remote cannot claim another's route).
 */
export function useRemoteNav(): RemoteNavItem[] {
  const { t, i18n } = useTranslation('shell');
  const registry = useShellApi(registryApiRef);
  const { modules } = useShellApi(remotesApiRef);
  const entries = useStore(registry.state, (state) => state.entries);
  const byName = useStore(modules, (state) => state.byName);
  const language = i18n.language;
  return useMemo(() => {
    const items: RemoteNavItem[] = [];
    for (const entry of entries) {
      const state = entry.remote ? byName[entry.remote] : undefined;
      if (state?.status !== 'ready') continue;
      const { remote } = state;
      for (const item of remote.nav ?? []) {
        if (findEntryForPath(entries, item.path)?.id !== entry.id) continue;
        items.push({
          to: item.path,
          label: t(item.labelKey, { ns: remote.id }),
          Icon: item.icon,
          order: item.order,
          mainUserOnly: Boolean(item.mainUserOnly),
          preload: () => void preloadNavPage(remote, item.path),
        });
      }
    }
    return items;
    // language: labels are re-read after a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entries, byName, t, language]);
}
