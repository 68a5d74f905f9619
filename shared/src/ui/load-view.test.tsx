import { screen } from '@testing-library/react';
import type { LoadState } from '../services/use-load';
import { renderWithPortal } from '../testing';
import { LoadView } from './load-view';

const view = (state: LoadState<string>, onRetry = jest.fn(), inline = false) =>
  renderWithPortal(
    <LoadView
      state={state}
      loadingLabel="Loading users…"
      errorTitle="Users could not be loaded"
      onRetry={onRetry}
      inline={inline}
      retryLabel="Try again"
    >
      {(data) => <p>Loaded: {data}</p>}
    </LoadView>,
  );

describe('LoadView', () => {
  it.each([false, true])('announces the load as a status (inline: %s)', (inline) => {
    view({ status: 'loading' }, jest.fn(), inline);
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
    expect(screen.queryByText(/Loaded:/)).not.toBeInTheDocument();
  });

  it('tells a failed load with its title and retries', async () => {
    const onRetry = jest.fn();
    const { user } = view({ status: 'error', error: new TypeError('Failed to fetch') }, onRetry);
    expect(screen.getByRole('alert')).toHaveTextContent('Users could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("words the failure with the caller's message when given", () => {
    renderWithPortal(
      <LoadView
        state={{ status: 'error', error: null }}
        errorMessage="Your licenses could not be loaded."
        onRetry={jest.fn()}
      >
        {() => null}
      </LoadView>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your licenses could not be loaded.');
  });

  it('shows the loaded content', () => {
    view({ status: 'ready', data: 'Anna' });
    expect(screen.getByText('Loaded: Anna')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
