import { demoLicenses, expectSameKeys, renderRemote } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from './remote';

describe('freshdesk remote', () => {
  it('is the freshdesk remote with its absolute route', () => {
    expect(remote.id).toBe('freshdesk');
    expect(remote.routes.map((r) => r.path)).toEqual(['/features/freshdesk']);
  });

  it('has the same keys in English and German and no empty texts', () => {
    expect(() => expectSameKeys(remote.translations.en, remote.translations.de)).not.toThrow();
  });

  it('mounts /features/freshdesk as the shell does', async () => {
    renderRemote(remote, {
      route: '/features/freshdesk',
      language: 'de',
      session: { licenses: demoLicenses() },
      http: { 'GET /user/freshdesk-api-key': { api_key: 'fdk_demo' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Freshdesk' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'API-Schlüssel' })).toHaveValue('fdk_demo');
  });
});
