import { keyDifferences } from '@portal/shared';
import de from './de.json';
import en from './en.json';
import shellEn from '../en.json';

describe('staff console locales', () => {
  it('en and de have the same keys, all staff_*, none empty and none also in the main shell file', () => {
    expect(keyDifferences(en, de)).toEqual({ onlyInEn: [], onlyInDe: [] });
    for (const [key, value] of [...Object.entries(en), ...Object.entries(de)]) {
      expect(`${key}: ${key.startsWith('staff_') && value.trim() ? 'ok' : 'bad'}`).toBe(`${key}: ok`);
      expect(shellEn).not.toHaveProperty([key]);
    }
  });
});
