// The Firebase SDK's chunk: loaded by the lazy identity on first use, or ahead of it at boot when the session hint says
// someone is signed in (bootstrap.tsx), so its download runs beside the runtime config's instead of after it. Webpack's
// chunk loader makes both one download (a load in flight is shared, a loaded module kept) and tries a failed chunk
// again on the next call.
export const loadFirebaseIdentity = () => import(/* webpackChunkName: "firebase-identity" */ './firebase-identity');

/** Starts the download ahead of use; a failure shows where the SDK is used (the lazy identity's load), not here. */
export function preloadFirebaseIdentity(): void {
  loadFirebaseIdentity().catch(() => undefined);
}
