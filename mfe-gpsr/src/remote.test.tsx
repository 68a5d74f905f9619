import { expectSameKeys, renderRemote } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from './remote';
import { gpsrLicense } from './testing/gpsr-fixtures';

describe('gpsr remote', () => {
  it('is the gpsr remote with absolute route paths', () => {
    expect(remote.id).toBe('gpsr');
    expect(remote.routes.map((r) => r.path)).toEqual([
      '/features/gpsr',
      '/features/gpsr/product/add',
      '/features/gpsr/product/edit/:productId',
    ]);
  });

  it('has the same keys in English and German', () => {
    expect(() => expectSameKeys(remote.translations.en, remote.translations.de)).not.toThrow();
  });

  it.each([
    ['en', '/features/gpsr/product/add', 'Add product'],
    ['de', '/features/gpsr/product/add', 'Produkt hinzufügen'],
  ] as const)('mounts the editor (%s)', async (language, route, title) => {
    renderRemote(remote, { route, language, session: { licenses: [gpsrLicense()] } });
    // The editor is a lazy chunk: its first import in a test run takes a moment.
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
