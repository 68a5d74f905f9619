import Receipt from '@mui/icons-material/Receipt';
import { definePortalRemote, lazyPage } from '@portal/shared';
import { preloadNavPage } from './preload-nav-page';

function lazyFixture(title: string) {
  const load = jest.fn(async () => ({ Page: () => <h1>{title}</h1> }));
  return { load, Page: lazyPage(load, (m) => m.Page) };
}

describe('preloadNavPage', () => {
  it("loads the chunk of the page the nav entry links to, and no other of the remote's pages", async () => {
    const list = lazyFixture('Invoices');
    const detail = lazyFixture('Invoice');
    const remote = definePortalRemote({
      id: 'billing',
      routes: [
        { path: '/invoices', element: <list.Page /> },
        { path: '/invoices/:id', element: <detail.Page /> },
      ],
      nav: [{ path: '/invoices', labelKey: 'nav', icon: Receipt, order: 40 }],
      translations: { en: { nav: 'Invoices' }, de: { nav: 'Rechnungen' } },
    });

    await preloadNavPage(remote, '/invoices');
    await preloadNavPage(remote, '/invoices');
    expect(list.load).toHaveBeenCalledTimes(1);
    expect(detail.load).not.toHaveBeenCalled();
  });
});
