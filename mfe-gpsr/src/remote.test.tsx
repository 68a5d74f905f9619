import { describeSkeletonRemote, renderRemote } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from './remote';

describeSkeletonRemote(remote, {
  id: 'gpsr',
  paths: ['/features/gpsr', '/features/gpsr/product/add', '/features/gpsr/product/edit/:productId'],
  pages: [
    {
      url: '/features/gpsr',
      title: { en: 'GPSR', de: 'GPSR' },
      notice: { en: 'Product list not available yet', de: 'Produktliste noch nicht verfügbar' },
      backTo: '/dashboard',
    },
    {
      url: '/features/gpsr/product/add',
      title: { en: 'Add product', de: 'Produkt hinzufügen' },
      notice: { en: 'Questionnaire not available yet', de: 'Fragebogen noch nicht verfügbar' },
      backTo: '/features/gpsr',
    },
    {
      url: '/features/gpsr/product/edit/p-42',
      title: { en: 'Edit product', de: 'Produkt bearbeiten' },
      notice: { en: 'Questionnaire not available yet', de: 'Fragebogen noch nicht verfügbar' },
      backTo: '/features/gpsr',
    },
  ],
});

describe('gpsr product editor', () => {
  it('names the product being edited', () => {
    renderRemote(remote, { route: '/features/gpsr/product/edit/p-42', language: 'en' });
    expect(screen.getByText(/^Product p-42: answer the GPSR questionnaire/)).toBeInTheDocument();
  });
});
