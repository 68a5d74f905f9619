import { describeSkeletonRemote } from '@portal/shared/testing';
import remote from './remote';

describeSkeletonRemote(remote, {
  id: 'lieferbar',
  paths: ['/features/lieferbar'],
  pages: [
    {
      url: '/features/lieferbar',
      title: { en: 'Lieferbar', de: 'Lieferbar' },
      notice: { en: 'Order counts not available yet', de: 'Bestellzahlen noch nicht verfügbar' },
      backTo: null,
    },
  ],
});
