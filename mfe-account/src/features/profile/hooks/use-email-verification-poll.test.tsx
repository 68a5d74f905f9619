import { act, useState } from 'react';
import { flushSync } from 'react-dom';
import { demoUser } from '@portal/shared/testing';
import { useEmailVerificationPoll } from './use-email-verification-poll';
import { en, renderAccount } from '../../../testing/render-account';

let markVerified: () => void = () => {};

function Probe() {
  const [unverified, setUnverified] = useState(true);
  // flushSync: the shell's store update re-renders synchronously (sync lane), running the effect cleanup at once.
  markVerified = () => flushSync(() => setUnverified(false));
  useEmailVerificationPoll(unverified);
  return null;
}

describe('useEmailVerificationPoll', () => {
  it('announces the verification even when the reload itself already re-rendered the page as verified', async () => {
    jest.useFakeTimers();
    try {
      const { identity, notify, session } = renderAccount(<Probe />, {
        session: { user: { ...demoUser(), emailVerified: false } },
      });
      // Like the shell's identity service: reloadUser() updates the session (page re-renders verified) before it resolves.
      identity.reloadUser = async () => {
        identity.calls.push('reloadUser');
        markVerified();
        return { ...demoUser(), emailVerified: true };
      };
      await act(async () => jest.advanceTimersByTime(15_000));
      expect(notify.last('success')?.message).toBe(en.notification_email_verified);
      expect(session.refreshed).toContain('user');
      await act(async () => jest.advanceTimersByTime(60_000));
      expect(identity.calls.filter((c) => c === 'reloadUser')).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
