import { initializeApp, type FirebaseOptions } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  browserLocalPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type User,
} from 'firebase/auth';
import type { AuthUser } from '@portal/shared/domain';
import type { IdentityGateway } from './identity-gateway';

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName,
    emailVerified: user.emailVerified,
  };
}

export function createFirebaseIdentity(options: FirebaseOptions, authEmulatorUrl: string | null): IdentityGateway {
  const app = initializeApp(options);
  // initializeAuth without a popup/redirect resolver: getAuth() would also load apis.google.com's iframe
  // helper, which sign-in with email and password never needs (and the portal's CSP refuses).
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (authEmulatorUrl) connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });

  return {
    async signIn(email, password) {
      const credential = await signInWithEmailAndPassword(auth, email, password);
      return toAuthUser(credential.user);
    },
    async signUp(email, password) {
      const credential = await createUserWithEmailAndPassword(auth, email, password);
      return toAuthUser(credential.user);
    },
    signOut: () => signOut(auth),
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    async sendEmailVerification() {
      if (!auth.currentUser) throw new Error('Not signed in');
      await sendEmailVerification(auth.currentUser);
    },
    async reloadUser() {
      if (!auth.currentUser) return null;
      await reload(auth.currentUser);
      return toAuthUser(auth.currentUser);
    },
    async getIdToken(forceRefresh = false) {
      return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
    },
    currentUser: () => (auth.currentUser ? toAuthUser(auth.currentUser) : null),
    onAuthStateChanged: (callback) => onAuthStateChanged(auth, (user) => callback(user ? toAuthUser(user) : null)),
  };
}
