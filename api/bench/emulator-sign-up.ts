// A bench account: signs up with the Auth emulator and returns the uid and an ID token.
import { EMULATOR_HOST } from '../test/test-config';

export async function emulatorSignUp(email: string, password: string): Promise<{ uid: string; token: string }> {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { localId?: string; idToken?: string };
  if (!body.localId || !body.idToken) throw new Error(`emulator sign-up failed (${response.status})`);
  return { uid: body.localId, token: body.idToken };
}
