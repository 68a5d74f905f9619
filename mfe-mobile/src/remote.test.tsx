import { expectSameKeys, renderRemote } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from './remote';

describe('mobile remote', () => {
  it('is the mobile remote with its absolute route', () => {
    expect(remote.id).toBe('mobile');
    expect(remote.routes.map((r) => r.path)).toEqual(['/features/mobile-app']);
  });

  it('ships its dashboard card texts and picture (no sidebar entry)', () => {
    expect(remote.card).toEqual({
      titleKey: 'card_title',
      descriptionKey: 'card_description',
      illustration: 'test-file-stub',
    });
    expect(remote.translations.de.card_title).toBe('Mobile App');
    expect(remote.nav).toBeUndefined();
  });

  it('has the same keys in English and German and no empty texts', () => {
    expect(() => expectSameKeys(remote.translations.en, remote.translations.de)).not.toThrow();
  });

  it('mounts /features/mobile-app as the shell does', async () => {
    renderRemote(remote, {
      route: '/features/mobile-app',
      language: 'de',
      http: { 'GET /license/product/plugin/:plugin': [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile App' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'So funktioniert es' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
