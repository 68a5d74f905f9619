// A seller through a running stack, as the browser does it: an account in the Auth emulator, the api row, a fresh
// sign-in, then calls of the api with the ID token. For the tests that start the api as processes (cluster,
// production install), which reach it only over HTTP.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const { SELLER_CONTACT } = require('./seller-contact.cjs');

/** POST to the Auth emulator's REST API (identitytoolkit) at `emulatorHost`, as the web SDK does; asserts a 200. */
export async function emulatorCall(emulatorHost, endpoint, body) {
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/${endpoint}?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const json = await response.json();
  assert.equal(response.status, 200, JSON.stringify(json));
  return json;
}

/** `call(method, apiPath, token, body)` against `${baseUrl}/api`: the status and the parsed JSON body, if any. */
export function apiClient(baseUrl) {
  return async (method, apiPath, token, body) => {
    const response = await fetch(`${baseUrl}/api${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

/**
 * A new seller: signs up with the emulator, creates the api row (POST `userPath`, asserted 201), then signs in
 * again as the browser does on the next visit. Resolves with the seller's email and the fresh ID token.
 */
export async function registerSeller({ emulatorHost, call, prefix, password, userPath = '/user' }) {
  const email = `${prefix}-${crypto.randomBytes(4).toString('hex')}@shop.example`;
  const signUp = await emulatorCall(emulatorHost, 'accounts:signUp', { email, password, returnSecureToken: true });
  const created = await call('POST', userPath, signUp.idToken, { Id: signUp.localId, Email: email });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { idToken } = await emulatorCall(emulatorHost, 'accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return { email, token: idToken };
}
