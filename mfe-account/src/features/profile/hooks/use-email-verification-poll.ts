import { useEffect, useRef } from 'react';
import { useIdentity, useNotify, useSession } from '@portal/shared';
import { EMAIL_VERIFICATION_POLL_MS } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';

export function useEmailVerificationPoll(unverified: boolean) {
  const identity = useIdentity();
  const notify = useNotify();
  const session = useSession();
  const { t } = useTranslation('account');
  // Latest services without restarting the interval on every render.
  const deps = useRef({ identity, notify, session, t });
  deps.current = { identity, notify, session, t };

  useEffect(() => {
    if (!unverified) return undefined;
    let stopped = false;
    let inFlight = false;
    const timer = setInterval(async () => {
      if (inFlight || stopped) return;
      inFlight = true;
      try {
        const user = await deps.current.identity.reloadUser();
        // No `stopped` check here: reloadUser() itself updates the session, which re-renders and cleans this
        // effect up before the answer arrives; the verified answer must still be announced.
        if (user?.emailVerified) {
          stopped = true;
          clearInterval(timer);
          const { notify: n, t: tr, session: s } = deps.current;
          n.success({ title: tr('notification_success'), message: tr('notification_email_verified') });
          await s.refresh('user');
        }
      } catch {
        // A failed reload is retried on the next tick.
      } finally {
        inFlight = false;
      }
    }, EMAIL_VERIFICATION_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [unverified]);
}
