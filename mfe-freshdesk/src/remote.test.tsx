import { renderRemote } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from './remote';

const mount = (route: string, language: 'en' | 'de') => renderRemote(remote, { route, language });

describe('freshdesk remote', () => {
  it('is the freshdesk remote with absolute route paths', () => {
    expect(remote.id).toBe('freshdesk');
    expect(remote.routes.map((r) => r.path)).toEqual(['/features/freshdesk']);
  });

  it.each([
    [
      '/features/freshdesk',
      'Freshdesk',
      'Freshdesk',
      'Freshdesk setup not available yet',
      'Freshdesk-Einrichtung noch nicht verfügbar',
      '/dashboard',
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
