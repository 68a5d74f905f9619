import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShell } from '../../composition/shell-context';
import { LoadingState } from '@portal/shared';

/** /logout: signs out (clears token, user and flags) and goes to /login. */
export function LogoutPage() {
  const { controller } = useShell();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    controller
      .signOut()
      .catch((error) => console.error('Sign-out failed', error))
      .finally(() => active && navigate('/login', { replace: true }));
    return () => {
      active = false;
    };
  }, [controller, navigate]);
  return <LoadingState />;
}
