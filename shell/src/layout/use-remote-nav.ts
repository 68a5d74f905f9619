import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
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
  /** Loads the remote's code and the linked page's chunk ahead of the click (pointer or focus on the entry). */
  preload(): void;
}

/**
 * The nav entries of the remotes the registry lists, from each remote's description (its portal-remote.json, or its
 * loaded './remote' module): an entry shows once its remote is described (a moment after sign-in), never for a remote
 * that failed, and only where the registry sends its path to that same remote (a remote cannot claim another's
 * route). Pointing at or focusing an entry loads its remote's code and the linked page's chunk ahead of the click.
 */
export function useRemoteNav(): RemoteNavItem[] {
  const { i18n } = useTranslation('shell');
  const registry = useShellApi(registryApiRef);
  const { modules, loader, settle } = useShellApi(remotesApiRef);
  const entries = useStore(registry.state, (state) => state.entries);
  // Each listed remote's description only: a remote whose code loads later (its page opened) keeps its description,
  // so the entries, and the sidebar drawn from them, stay as they are.
  const descriptions = useStore(
    modules,
    useShallow((state) =>
      entries.map((entry) => {
        const known = entry.remote ? state.byName[entry.remote] : undefined;
        return known?.status === 'ready' ? known.description : undefined;
      }),
    ),
  );
  const language = i18n.language === 'de' ? 'de' : 'en';
  return useMemo(() => {
    const items: RemoteNavItem[] = [];
    for (const [index, entry] of entries.entries()) {
      const description = descriptions[index];
      if (!description) continue;
      for (const item of description.nav) {
        if (findEntryForPath(entries, item.path)?.id !== entry.id) continue;
        items.push({
          to: item.path,
          label: item.label[language],
          Icon: item.Icon,
          order: item.order,
          mainUserOnly: item.mainUserOnly,
          preload: () => {
            const known = modules.getState().byName[entry.remote];
            const loaded = known?.status === 'ready' ? known.remote : undefined;
            const remote = loaded
              ? Promise.resolve(loaded)
              : loader.load(entry).then((module) => {
                  settle(entry.remote, module);
                  return module;
                });
            // A failure shows on the visit (the route's own load and its Retry), not here.
            remote.then((module) => preloadNavPage(module, item.path)).catch(() => undefined);
          },
        });
      }
    }
    return items;
  }, [entries, descriptions, language, modules, loader, settle]);
}
