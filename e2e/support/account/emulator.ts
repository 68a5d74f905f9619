// The Firebase Auth emulator's REST side: the mails it "sent" (verification and reset links), setting a new password
// with a reset code, and a password sign-in for the few setup calls the UI cannot make yet.
import { expect } from '@playwright/test';
import { EMULATOR_URL, PROJECT_ID } from '../env';

const API_KEY = 'demo-api-key';
// E2E_EMULATOR_URL: for running the journeys against a stack with its own emulator (the harness uses 9099).
const EMULATOR = process.env.E2E_EMULATOR_URL || EMULATOR_URL;
const IDENTITY = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;

export type OobType = 'VERIFY_EMAIL' | 'PASSWORD_RESET';

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

async function listOobCodes(): Promise<OobCode[]> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  if (!response.ok) throw new Error(`emulator oobCodes: HTTP ${response.status}`);
  const body = (await response.json()) as { oobCodes?: OobCode[] };
  return body.oobCodes ?? [];
}

/** Waits for the newest mail of `type` to `email` and returns it (emails compare case-insensitively). */
export async function waitForOobCode(email: string, type: OobType, timeout = 20_000): Promise<OobCode> {
  let found: OobCode | undefined;
  await expect
    .poll(
      async () => {
        const codes = (await listOobCodes()).filter(
          (c) => c.email.toLowerCase() === email.toLowerCase() && c.requestType === type,
        );
        found = codes.at(-1);
        return found != null;
      },
      { message: `a ${type} mail to ${email} in the emulator`, timeout },
    )
    .toBe(true);
  return found as OobCode;
}

/** What the emulator's reset page does with a PASSWORD_RESET code: sets the new password. */
export async function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  const response = await fetch(`${IDENTITY}/accounts:resetPassword?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword }),
  });
  if (!response.ok) throw new Error(`accounts:resetPassword: HTTP ${response.status} ${await response.text()}`);
}

/** A Firebase ID token for `email` (password sign-in against the emulator). */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const response = await fetch(`${IDENTITY}/accounts:signInWithPassword?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok)
    throw new Error(`accounts:signInWithPassword for ${email}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}
