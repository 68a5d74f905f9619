import { expectSameKeys } from '@portal/shared/testing';
import de from './de.json';
import en from './en.json';

describe('locales', () => {
  it('have the same keys in English and German and no empty texts', () => {
    expect(() => expectSameKeys(en, de)).not.toThrow();
  });

  it('use flat snake_case keys', () => {
    for (const [key, text] of Object.entries(en)) {
      expect([key, typeof text]).toEqual([expect.stringMatching(/^[a-z0-9]+(_[a-z0-9]+)*$/), 'string']);
    }
  });
});
