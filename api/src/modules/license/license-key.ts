import crypto from 'node:crypto';
import type { PluginName } from '@portal/shared/domain';

// Crockford base32 without I, L, O, U: easy to read aloud and to type.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const PREFIX: Record<PluginName, string> = {
  fresh_desk: 'FD',
  mobile: 'MOB',
  mobile_default: 'MOB',
  magic_matrix: 'CM',
  gpsr: 'GPSR',
  lieferbar: 'LB',
};

/** `FD-7K2M-Q9XD-4HRT-B1CW`: 80 random bits after the plugin prefix. */
export function generateLicenseKey(pluginName: PluginName): string {
  const bytes = crypto.randomBytes(16);
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]);
  const groups = [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join(''));
  return [PREFIX[pluginName] ?? 'LIC', ...groups].join('-');
}
