import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingState, useIdentity } from '@portal/shared';

/** /logout: signs out (clears token, user and flags) and goes to /login. */
export function LogoutPage() {
  const { signOut } = useIdentity();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    signOut()
      .catch((error) => console.error('Sign-out failed', error))
      .finally(() => active && navigate('/login', { replace: true }));
    return () => {
      active = false;
    };
  }, [signOut, navigate]);
  return <LoadingState />;
}
