import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@portal/shared';
import { demoProfile } from '@portal/shared/testing';
import { AvvDialog } from './avv-dialog';
import { PDF_BASE64, common, deferred, en, renderAccount } from '../../../testing/render-account';

const notAccepted = () => ({ ...demoProfile(), avv: { isAccepted: false, acceptedDate: null } });

describe('AvvDialog', () => {
  it('shows a loading text, keeps Accept disabled until the PDF is loaded, then shows it', async () => {
    const pdf = deferred<{ pdf: string }>();
    const { http } = renderAccount(<AvvDialog open onClose={jest.fn()} />, {
      session: { profile: notAccepted() },
      http: { 'GET /user/profile/avv/download': () => pdf.promise },
    });
    expect(screen.getByText(en.avv_dialog_loading)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.avv_dialog_accept })).toBeDisabled();
    expect(http.callsTo('GET /user/profile/avv/download')[0].query).toEqual({ lang: 'en' });

    await act(async () => pdf.resolve({ pdf: PDF_BASE64 }));
    const frame = await screen.findByTitle(en.avv_dialog_pdf_title);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^(blob:|data:application\/pdf;base64,)/);
    expect(screen.queryByText(en.avv_dialog_loading)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.avv_dialog_accept })).toBeEnabled();
  });

  it('accepting posts the date, notifies, closes and refreshes the profile', async () => {
    const onClose = jest.fn();
    const { http, notify, session, user } = renderAccount(<AvvDialog open onClose={onClose} />, {
      session: { profile: notAccepted() },
      http: {
        'GET /user/profile/avv/download': { pdf: PDF_BASE64 },
        'POST /user/profile/avv-accepted-date': { avvAcceptedDate: '2026-01-01T10:00:00.000Z', version: '1.0' },
      },
    });
    const accept = screen.getByRole('button', { name: en.avv_dialog_accept });
    await waitFor(() => expect(accept).toBeEnabled());
    await user.click(accept);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(http.callsTo('POST /user/profile/avv-accepted-date')).toHaveLength(1);
    expect(notify.last('success')?.message).toBe(en.success_avv_accepted);
    await waitFor(() => expect(session.refreshed).toContain('profile'));
  });

  it('shows the load error and keeps Accept disabled when the PDF cannot be loaded', async () => {
    renderAccount(<AvvDialog open onClose={jest.fn()} />, {
      session: { profile: notAccepted() },
      http: { 'GET /user/profile/avv/download': new ApiError(500, 'pdf-failed', 'boom') },
    });
    expect(await screen.findByText(en.avv_dialog_error_load)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.avv_dialog_accept })).toBeDisabled();
  });

  it('shows the accept error, does not close, and notifies when accepting fails', async () => {
    const onClose = jest.fn();
    const { notify, user } = renderAccount(<AvvDialog open onClose={onClose} />, {
      session: { profile: notAccepted() },
      http: {
        'GET /user/profile/avv/download': { pdf: PDF_BASE64 },
        'POST /user/profile/avv-accepted-date': new ApiError(400, 'profile-incomplete', 'nope'),
      },
    });
    const accept = screen.getByRole('button', { name: en.avv_dialog_accept });
    await waitFor(() => expect(accept).toBeEnabled());
    await user.click(accept);
    expect(await screen.findByText(en.avv_dialog_error_accept)).toBeInTheDocument();
    expect(notify.last('error')).toMatchObject({
      title: en.error_failed_accept_avv,
      message: common.api_error_profile_incomplete,
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers only an Ok button once the AVV is accepted', async () => {
    const onClose = jest.fn();
    const { user } = renderAccount(<AvvDialog open onClose={onClose} />, {
      http: { 'GET /user/profile/avv/download': { pdf: PDF_BASE64 } },
    });
    await screen.findByTitle(en.avv_dialog_pdf_title);
    expect(screen.queryByRole('button', { name: en.avv_dialog_accept })).not.toBeInTheDocument();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([en.avv_dialog_ok]);
    await user.click(buttons[0]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shakes for 500 ms instead of closing when the backdrop is clicked', async () => {
    jest.useFakeTimers();
    try {
      const onClose = jest.fn();
      renderAccount(<AvvDialog open onClose={onClose} />, {
        session: { profile: notAccepted() },
        http: { 'GET /user/profile/avv/download': { pdf: PDF_BASE64 } },
      });
      await act(async () => undefined); // let the PDF load settle
      const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
      const root = document.querySelector('[data-shaking]') as HTMLElement;
      expect(root).toHaveAttribute('data-shaking', 'false');
      fireEvent.mouseDown(backdrop);
      fireEvent.click(backdrop);
      expect(onClose).not.toHaveBeenCalled();
      expect(root).toHaveAttribute('data-shaking', 'true');
      act(() => jest.advanceTimersByTime(499));
      expect(root).toHaveAttribute('data-shaking', 'true');
      act(() => jest.advanceTimersByTime(1));
      expect(root).toHaveAttribute('data-shaking', 'false');
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
