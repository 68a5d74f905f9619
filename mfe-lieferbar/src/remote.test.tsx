import { expectSameKeys, renderRemote } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from './remote';

describe('lieferbar remote', () => {
  it('is the lieferbar remote with its absolute route', () => {
    expect(remote.id).toBe('lieferbar');
    expect(remote.routes.map((r) => r.path)).toEqual(['/features/lieferbar']);
  });

  it('has the same keys in English and German and no empty texts', () => {
    expect(() => expectSameKeys(remote.translations.en, remote.translations.de)).not.toThrow();
  });

  it('mounts /features/lieferbar as the shell does', async () => {
    renderRemote(remote, {
      route: '/features/lieferbar',
      http: {
        'GET /wawi/lieferbar/orders': {
          status: 'ok',
          data: { totalCount: 0, orders: [], readAt: new Date().toISOString() },
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lieferbar' })).toBeInTheDocument();
    expect(await screen.findByText('No orders waiting')).toBeInTheDocument();
  });
});
