import { renderRemote } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from './remote';

const mount = (route: string, language: 'en' | 'de') => renderRemote(remote, { route, language });

describe('gpsr remote', () => {
  it('is the gpsr remote with absolute route paths', () => {
    expect(remote.id).toBe('gpsr');
    expect(remote.routes.map((r) => r.path)).toEqual([
      '/features/gpsr',
      '/features/gpsr/product/add',
      '/features/gpsr/product/edit/:productId',
    ]);
  });

  it.each([
    [
      '/features/gpsr',
      'GPSR',
      'GPSR',
      'Product list not available yet',
      'Produktliste noch nicht verfügbar',
      '/dashboard',
    ],
    [
      '/features/gpsr/product/add',
      'Add product',
      'Produkt hinzufügen',
      'Questionnaire not available yet',
      'Fragebogen noch nicht verfügbar',
      '/features/gpsr',
    ],
    [
      '/features/gpsr/product/edit/p-42',
      'Edit product',
      'Produkt bearbeiten',
      'Questionnaire not available yet',
      'Fragebogen noch nicht verfügbar',
      '/features/gpsr',
    ],
  ])(
    'mounts %s with its header and the upcoming-work notice',
    (route, titleEn, titleDe, noticeEn, noticeDe, backTo) => {
      const view = mount(route, 'en');
      expect(screen.getByRole('heading', { level: 1, name: titleEn })).toBeInTheDocument();
      expect(screen.getByText(noticeEn)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Back' })?.getAttribute('href') ?? null).toBe(backTo);
      view.unmount();

      mount(route, 'de');
      expect(screen.getByRole('heading', { level: 1, name: titleDe })).toBeInTheDocument();
      expect(screen.getByText(noticeDe)).toBeInTheDocument();
    },
  );
});

describe('gpsr product editor', () => {
  it('names the product being edited', () => {
    mount('/features/gpsr/product/edit/p-42', 'en');
    expect(screen.getByText(/^Product p-42: answer the GPSR questionnaire/)).toBeInTheDocument();
  });
});
