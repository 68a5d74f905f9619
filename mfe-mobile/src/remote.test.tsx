import { describeSkeletonRemote } from '@portal/shared/testing';
import remote from './remote';

describeSkeletonRemote(remote, {
  id: 'mobile',
  paths: ['/features/mobile-app'],
  pages: [
    {
      url: '/features/mobile-app',
      title: { en: 'Mobile app', de: 'Mobile App' },
      notice: { en: 'Mobile app page not available yet', de: 'Seite zur mobilen App noch nicht verfügbar' },
      backTo: '/dashboard',
    },
  ],
});
