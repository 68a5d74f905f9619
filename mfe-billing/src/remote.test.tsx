import { describeSkeletonRemote } from '@portal/shared/testing';
import remote from './remote';

describeSkeletonRemote(remote, {
  id: 'billing',
  paths: ['/invoices'],
  pages: [
    {
      url: '/invoices',
      title: { en: 'Invoices', de: 'Rechnungen' },
      notice: { en: 'Invoice list not available yet', de: 'Rechnungsliste noch nicht verfügbar' },
      backTo: null,
    },
  ],
});
