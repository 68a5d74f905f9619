import { screen } from '@testing-library/react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../services/api-error';
import { useHttp, usePreferences, useSession } from '../services/context';
import { demoSubApiUser } from './demo-data';
import { createFakeHttp } from './fake-http';
import {
  createFakeIdentity,
  createFakeLoading,
  createFakeNotify,
  createFakePreferences,
  createFakeSession,
} from './fakes';
import { renderWithPortal } from './render-with-portal';
import { demoRoutes, standaloneServices } from './standalone';

describe('createFakeHttp', () => {
  it('answers values and handlers, records calls with query, params and body', async () => {
    const http = createFakeHttp({
      'GET /user/subusers': [{ id: '1' }],
      'POST /user/subusers': (req: { body: { name: string } }) => ({ id: '2', name: req.body.name }),
      'DELETE /gpsr/product/:productId/delete': (req: { params: Record<string, string> }) => req.params.productId,
    });
    await expect(http.get('/user/subusers')).resolves.toEqual([{ id: '1' }]);
    await expect(http.post('/user/subusers', { name: 'Max' })).resolves.toEqual({ id: '2', name: 'Max' });
    await expect(http.del('/gpsr/product/p%201/delete')).resolves.toBe('p 1');
    await http.get('/user/subusers?x=1', { query: { page: 2 } });
    expect(http.calls).toHaveLength(4);
    expect(http.callsTo('GET /user/subusers').map((c) => c.query)).toEqual([{}, { x: '1', page: '2' }]);
    expect(http.callsTo('DELETE /gpsr/product/:productId/delete')).toHaveLength(1);
  });
  it('rejects unmatched calls with ApiError 404 and throws configured errors', async () => {
    const http = createFakeHttp({ 'GET /boom': new ApiError(403, 'forbidden', 'Forbidden') });
    await expect(http.get('/nothing')).rejects.toMatchObject({ status: 404, slug: 'not-found' });
    await expect(http.get('/boom')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    await expect(http.post('/boom')).rejects.toMatchObject({ status: 404 });
    http.on('POST /boom', { ok: true });
    await expect(http.post('/boom')).resolves.toEqual({ ok: true });
  });
});

describe('other fakes', () => {
  it('notify records, session merges and records refreshes', async () => {
    const notify = createFakeNotify();
    notify.error({ message: 'x' });
    notify.success({ message: 'y' });
    expect(notify.last()?.message).toBe('y');
    expect(notify.last('error')?.message).toBe('x');
    const session = createFakeSession({ apiUser: demoSubApiUser() });
    expect(session.isSubUser).toBe(true);
    expect(session.profile?.contact.firstName).toBe('Erika');
    await session.refresh('profile');
    expect(session.refreshed).toEqual(['profile']);
  });
  it('session flags follow from the data as in the shell: no impossible state', () => {
    expect(createFakeSession()).toMatchObject({ initialized: true, isSubUser: false, failedParts: [] });
    expect(createFakeSession({ profile: null }).initialized).toBe(false);
    const failed = createFakeSession({ profile: null, failedParts: ['profile'] });
    expect(failed).toMatchObject({ initialized: false, failedParts: ['profile'] });
    expect(createFakeSession({ failedParts: ['licenses'] }).initialized).toBe(false);
    expect(createFakeSession({ apiUser: null }).initialized).toBe(false);
    expect(createFakeSession({ accountInactive: true }).initialized).toBe(false);
    expect(createFakeSession({ apiUser: demoSubApiUser() }).isSubUser).toBe(true);
  });
  it('loading, identity and preferences record what happened', async () => {
    const loading = createFakeLoading();
    await loading.track(Promise.resolve(1));
    loading.begin();
    expect(loading.count).toBe(1);
    const identity = createFakeIdentity();
    await identity.sendPasswordReset('a@b.de');
    identity.failWith = new Error('nope');
    await expect(identity.signOut()).rejects.toThrow('nope');
    expect(identity.calls).toEqual(['sendPasswordReset:a@b.de', 'signOut']);
    const prefs = createFakePreferences();
    prefs.setLanguage('de');
    expect(prefs.language).toBe('de');
  });
});

describe('renderWithPortal', () => {
  it('renders with route params, session, translations and the fakes', async () => {
    function Page() {
      const { productId } = useParams();
      const { t } = useTranslation('gpsr');
      const session = useSession();
      return (
        <p>
          {t('title')} {productId} {session.isSubUser ? 'sub' : 'main'} {usePreferences().language}
        </p>
      );
    }
    renderWithPortal(<Page />, {
      route: '/features/gpsr/product/edit/p9',
      path: '/features/gpsr/product/edit/:productId',
      session: { apiUser: demoSubApiUser() },
      language: 'de',
      translations: [{ id: 'gpsr', translations: { en: { title: 'Product' }, de: { title: 'Produkt' } } }],
    });
    expect(screen.getByText('Produkt p9 sub de')).toBeInTheDocument();
  });
  it('uses a provided http service', async () => {
    const http = createFakeHttp({ 'GET /x': 1 });
    function Caller() {
      const client = useHttp();
      return <button onClick={() => void client.get('/x')}>go</button>;
    }
    const { user } = renderWithPortal(<Caller />, { services: { http } });
    await user.click(screen.getByRole('button', { name: 'go' }));
    expect(http.calls).toHaveLength(1);
  });
});

describe('standaloneServices', () => {
  it('answers the demo routes with plausible data and accepts overrides', async () => {
    const { services } = standaloneServices({ latencyMs: 0, routes: { 'GET /extra': 42 } });
    const page = await services.http.get<{ items: { pluginName: string }[] }>('/license/all');
    expect(page.items.length).toBeGreaterThan(0);
    await expect(services.http.get('/extra')).resolves.toBe(42);
    expect(services.session.licenses.length).toBeGreaterThan(0);
    expect(Object.keys(demoRoutes())).toContain('POST /user/contact-us');
  });
});
