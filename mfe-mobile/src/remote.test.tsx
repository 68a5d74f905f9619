import { expectSameKeys, renderRemote } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from './remote';

describe('mobile remote', () => {
  it('is the mobile remote with its absolute route', () => {
    expect(remote.id).toBe('mobile');
    expect(remote.routes.map((r) => r.path)).toEqual(['/features/mobile-app']);
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
    expect(screen.getByRole('heading', { level: 1, name: 'Mobile App' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'So funktioniert es' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
