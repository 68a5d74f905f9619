// The Firebase SDK's chunk, loaded once: by the lazy identity on first use, or ahead of it at boot when the session
// hint says someone is signed in (bootstrap.tsx), so its download runs beside the runtime config's instead of after it.
export type FirebaseIdentityModule = typeof import('./firebase-identity');

let pending: Promise<FirebaseIdentityModule> | undefined;

/** The chunk's module; a failed load is tried again on the next call. */
export function loadFirebaseIdentity(): Promise<FirebaseIdentityModule> {
  pending ??= import(/* webpackChunkName: "firebase-identity" */ './firebase-identity').catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

/** Starts the download ahead of use; a failure shows where the SDK is used (the lazy identity's load), not here. */
export function preloadFirebaseIdentity(): void {
  loadFirebaseIdentity().catch(() => undefined);
}
