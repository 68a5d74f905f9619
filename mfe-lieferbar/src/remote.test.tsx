import { renderWithPortal } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import remote from './remote';

function mount(route: string, language: 'en' | 'de') {
  // Mounted the way the shell does it: absolute paths inside one <Routes>.
  return renderWithPortal(
    <Routes>
      {remote.routes.map((r) => (
        <Route key={r.path} path={r.path} element={r.element} />
      ))}
    </Routes>,
    { route, language, translations: [remote] },
  );
}

describe('lieferbar remote', () => {
  it('is the lieferbar remote with absolute route paths', () => {
    expect(remote.id).toBe('lieferbar');
    expect(remote.routes.map((r) => r.path)).toEqual(['/features/lieferbar']);
  });

  it.each([
    ['/features/lieferbar', 'Lieferbar', 'Lieferbar', 'Order counts not available yet', 'Bestellzahlen noch nicht verfügbar', null],
  ])('mounts %s with its header and the upcoming-work notice', (route, titleEn, titleDe, noticeEn, noticeDe, backTo) => {
    const view = mount(route, 'en');
    expect(screen.getByRole('heading', { level: 1, name: titleEn })).toBeInTheDocument();
    expect(screen.getByText(noticeEn)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back' })?.getAttribute('href') ?? null).toBe(backTo);
    view.unmount();

    mount(route, 'de');
    expect(screen.getByRole('heading', { level: 1, name: titleDe })).toBeInTheDocument();
    expect(screen.getByText(noticeDe)).toBeInTheDocument();
  });
});
