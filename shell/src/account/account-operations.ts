// Account operations (registration, deleting one's own account), and the Identity service remotes get.
import type { HttpClient, Identity, TokenProvider } from '@portal/shared';
import type { IdentityGateway } from '../identity/identity-gateway';
import { createApiUser } from '../session/load-session-data';
import type { SessionController } from '../session/session-controller';

export class BackendUserCreationError extends Error {
  constructor(cause?: unknown) {
    super('Failed to create user on backend');
    this.cause = cause;
  }
}

interface AccountDeps {
  identity: IdentityGateway;
  http: HttpClient;
  session: SessionController;
  tokens: TokenProvider;
  /** Starts loading what the page shows once signed in (the portal's signed-in pages); nothing by default. */
  preloadSignedIn?: () => void;
  log?: (message: string, error?: unknown) => void;
}

export function createAccountOperations({
  identity,
  http,
  session,
  tokens,
  preloadSignedIn = () => undefined,
  log = console.warn,
}: AccountDeps) {
  /**
   * Registration order: identity account → backend user → set user → verification email. A failed mail
   * does not fail the registration (the account exists; the profile can send the mail again).
   */
  async function register(email: string, password: string): Promise<{ verificationMailSent: boolean }> {
    session.beginAuthFlow();
    try {
      const user = await identity.signUp(email, password);
      try {
        await createApiUser(http, { ...user, email: user.email || email });
      } catch (error) {
        throw new BackendUserCreationError(error);
      }
      session.setUser(user);
      try {
        await identity.sendEmailVerification();
        return { verificationMailSent: true };
      } catch (error) {
        log('Sending the verification email after registration failed', error);
        return { verificationMailSent: false };
      }
    } catch (error) {
      session.endAuthFlow();
      throw error;
    }
  }

  const identityService: Identity = {
    sendVerificationEmail: () => identity.sendEmailVerification(),
    async reloadUser() {
      const user = await identity.reloadUser();
      await tokens.refreshToken();
      if (user) session.setUser(user);
      return user;
    },
    sendPasswordReset: (email) => identity.sendPasswordReset(email),
    async deleteAccount() {
      const email = identity.currentUser()?.email ?? '';
      await http.del<void>('/user', undefined, { query: { email } });
      await session.signOut();
    },
    signOut: () => session.signOut(),
  };

  return {
    register,
    /** The registration page is done (it navigated away): public routes may redirect again. */
    endRegistration: () => session.endAuthFlow(),
    signIn: async (email: string, password: string) => void (await identity.signIn(email, password)),
    /**
     * A sign-in, registration or reset form is being filled in: start loading the identity service and the signed-in
     * pages now, so neither the submit nor the first signed-in page waits for the download.
     */
    prefetch: () => {
      identity.prefetch?.();
      preloadSignedIn();
    },
    identity: identityService,
  };
}

export type AccountOperations = ReturnType<typeof createAccountOperations>;
