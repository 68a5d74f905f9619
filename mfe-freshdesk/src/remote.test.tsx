import { describeSkeletonRemote } from '@portal/shared/testing';
import remote from './remote';

describeSkeletonRemote(remote, {
  id: 'freshdesk',
  paths: ['/features/freshdesk'],
  pages: [
    {
      url: '/features/freshdesk',
      title: { en: 'Freshdesk', de: 'Freshdesk' },
      notice: { en: 'Freshdesk setup not available yet', de: 'Freshdesk-Einrichtung noch nicht verfügbar' },
      backTo: '/dashboard',
    },
  ],
});
