import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, type Blocker } from 'react-router-dom';

/** Asks the browser to confirm closing or reloading the tab while `when` holds. */
export function useBeforeUnload(when: boolean): void {
  useEffect(() => {
    if (!when) return;
    const handler = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [when]);
}

/** True inside a data router (the shell's createBrowserRouter), where in-app navigation can be blocked. */
export function useHasDataRouter(): boolean {
  return useContext(UNSAFE_DataRouterContext) !== null;
}

/**
 * Blocks in-app navigation while `shouldBlock()` holds at the moment of navigating (read then, not at render, so a
 * navigation right after saving passes) and hands the blocker to `children` (the confirm dialog).
 * Rendered only inside a data router: useBlocker needs one.
 */
export function NavigationBlocker({
  shouldBlock,
  children,
}: {
  shouldBlock: () => boolean;
  children: (blocker: Blocker) => JSX.Element;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldBlock(),
  );
  return children(blocker);
}
