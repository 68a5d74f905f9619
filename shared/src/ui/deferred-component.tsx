import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';

export interface DeferredOptions<P> {
  /** False while the component would show nothing (a closed dialog): it renders null then and loads in the background. */
  visible?: (props: P) => boolean;
  /** Shown while the code loads; default: nothing. */
  fallback?: ReactNode;
  /**
   * When a hidden one loads: 'mount' (default), so it appears at once when it opens; or 'intent': on `preload()` (a
   * pointer on or focus in the control that opens it) or when it opens, for code a page should not download unless used.
   */
  hiddenLoad?: 'mount' | 'intent';
}

/** A deferred component; `preload()` starts loading its code ahead of use. */
export type DeferredComponent<P> = ComponentType<P> & { preload(): void };

/**
 * A component whose code (and the MUI parts it needs) loads on first use instead of with the @portal/shared barrel,
 * under its usual name. Once loaded it renders synchronously; a hidden one (`visible` false) starts loading on mount,
 * so a dialog opened later by the user appears at once, as before.
 */
export function deferredComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { visible, fallback = null, hiddenLoad = 'mount' }: DeferredOptions<P> = {},
): DeferredComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // lazy() types its props with refs (PropsWithRef<P>); these components take plain props.
  const Lazy = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<P>;

  function Deferred(props: P) {
    const hidden = loaded === undefined && visible !== undefined && !visible(props);
    useEffect(() => {
      if (hidden && hiddenLoad === 'mount') preload().catch(() => undefined); // retried when it opens
    }, [hidden]);
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    if (hidden) return null;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Deferred, { preload: () => void preload().catch(() => undefined) });
}
