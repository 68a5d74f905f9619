import { renderRemote } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from './remote';

const mount = (route: string) =>
  renderRemote(remote, { route, http: { 'GET /license/all': { items: [], total: 0, page: 1, pageSize: 10 } } });

describe('licenses remote', () => {
  it('is the licenses remote owning /licenses and /licenses/buy', () => {
    expect(remote.id).toBe('licenses');
    expect(remote.routes.map((r) => r.path)).toEqual(['/licenses', '/licenses/buy']);
  });

  it('mounts the licenses list', async () => {
    mount('/licenses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Licenses' })).toBeInTheDocument();
  });

  it('mounts the buy page', async () => {
    mount('/licenses/buy?plugin=fresh_desk');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy license: Freshdesk' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'How it works' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
