import { expectSameKeys } from '@portal/shared/testing';
import de from './de.json';
import en from './en.json';

describe('locales', () => {
  it('have the same keys in English and German and no empty texts', () => {
    expect(() => expectSameKeys(en, de)).not.toThrow();
  });
});
