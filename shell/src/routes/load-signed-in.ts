// The signed-in part of the shell (layout, dashboard, staff, remote routes) is a chunk of its own, so /login stays
// within its JavaScript budget. The signed-in layout's route loads it; it starts loading earlier when a sign-in is
// likely: at boot with the session hint set, or on intent in an auth form.
export type SignedInPages = typeof import('./signed-in-pages');

let pending: Promise<SignedInPages> | undefined;
let loaded: SignedInPages | undefined;

/** The signed-in pages (loaded once; again after a failure). */
export function loadSignedInPages(): Promise<SignedInPages> {
  pending ??= import(/* webpackChunkName: "signed-in" */ './signed-in-pages').then(
    (pages) => (loaded = pages),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** Starts loading the signed-in pages ahead of a navigation; a failure shows on that navigation, not here. */
export function preloadSignedInPages(): void {
  loadSignedInPages().catch(() => undefined);
}

/**
 * The loaded signed-in pages, for the routes under the signed-in layout: the router renders them only after the
 * layout's route has loaded the chunk, so they render at once, without a loading state of their own.
 */
export function signedInPages(): SignedInPages {
  if (!loaded) throw new Error('A signed-in page rendered before the signed-in layout loaded its chunk');
  return loaded;
}
