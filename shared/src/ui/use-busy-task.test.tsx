import { screen } from '@testing-library/react';
import { ApiError } from '../services/api-error';
import { renderWithPortal } from '../testing';
import { useBusyTask } from './use-busy-task';

function Task({ error }: { error: unknown }) {
  const { busy, run } = useBusyTask();
  return (
    <button
      disabled={busy}
      onClick={() =>
        void run({ title: 'Download failed' }, async () => {
          throw error;
        })
      }
    >
      Download
    </button>
  );
}

describe('useBusyTask', () => {
  it("ends the error notification with the failed request's support code", async () => {
    const error = new ApiError(502, 'payment-provider-error', 'down', undefined, 'a1b2-c3d4');
    const { user, notify } = renderWithPortal(<Task error={error} />);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(notify.last('error')).toMatchObject({
      title: 'Download failed',
      message: expect.stringMatching(/ Support code: a1b2-c3d4$/),
    });
  });

  it('in German too, and without a code when the failure has none', async () => {
    const error = new ApiError(502, 'payment-provider-error', 'down', undefined, 'a1b2-c3d4');
    const { user, notify, unmount } = renderWithPortal(<Task error={error} />, { language: 'de' });
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(notify.last('error')?.message).toMatch(/ Support-Code: a1b2-c3d4$/);
    unmount();
    const other = renderWithPortal(<Task error={new Error('boom')} />);
    await other.user.click(screen.getByRole('button', { name: 'Download' }));
    expect(other.notify.last('error')?.message).not.toMatch(/Support/);
  });

  it('finds the code of a failed request behind an error that wraps it', async () => {
    const failed = new ApiError(500, 'internal-error', 'down', undefined, 'e5f6-a7b8');
    const { user, notify } = renderWithPortal(<Task error={new Error('account not created', { cause: failed })} />);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(notify.last('error')?.message).toMatch(/ Support code: e5f6-a7b8$/);
  });
});
