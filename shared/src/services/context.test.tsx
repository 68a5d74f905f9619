import { render, renderHook, screen } from '@testing-library/react';
import { createPortalFakes } from '../testing';
import {
  PortalServicesProvider,
  useHttp,
  useIdentity,
  useLoading,
  useNotify,
  usePortalServices,
  usePreferences,
  useSession,
} from './context';

describe('PortalServicesProvider and hooks', () => {
  it('each hook returns its service', () => {
    const { services } = createPortalFakes();
    const wrapper = ({ children }: { children: React.ReactNode }) => (
      <PortalServicesProvider services={services}>{children}</PortalServicesProvider>
    );
    const { result } = renderHook(
      () => ({
        all: usePortalServices(),
        http: useHttp(),
        notify: useNotify(),
        session: useSession(),
        loading: useLoading(),
        identity: useIdentity(),
        preferences: usePreferences(),
      }),
      { wrapper },
    );
    expect(result.current.all).toBe(services);
    expect(result.current.http).toBe(services.http);
    expect(result.current.notify).toBe(services.notify);
    expect(result.current.session).toBe(services.session);
    expect(result.current.loading).toBe(services.loading);
    expect(result.current.identity).toBe(services.identity);
    expect(result.current.preferences).toBe(services.preferences);
  });

  it('throws a clear error outside the provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Uses() {
      useHttp();
      return null;
    }
    expect(() => render(<Uses />)).toThrow(/inside <PortalServicesProvider>/);
    spy.mockRestore();
  });

  it('a second copy of the module shares the same context (federation safety)', () => {
    const { services } = createPortalFakes();
    let copy!: typeof import('./context');
    // jest.isolateModules loads a second copy only through a synchronous require.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const react = require('react');
    const runtime = require('react/jsx-runtime');
    jest.isolateModules(() => {
      // A fresh copy of this module (as a non-federated deep import would give), same React.
      jest.doMock('react', () => react);
      jest.doMock('react/jsx-runtime', () => runtime);
      copy = require('./context');
    });
    /* eslint-enable @typescript-eslint/no-require-imports */
    expect(copy.useSession).not.toBe(useSession);
    function Reader() {
      return <span>{copy.useSession().user?.email}</span>;
    }
    render(
      <PortalServicesProvider services={services}>
        <Reader />
      </PortalServicesProvider>,
    );
    expect(screen.getByText('demo@portal.test')).toBeInTheDocument();
  });
});
