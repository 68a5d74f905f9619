import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/shared';
import type { Profile, VatVerification } from '@portal/shared/domain';
import { demoProfile } from '@portal/shared/testing';
import { ProfilePage } from '../../../pages/profile-page';
import de from '../../../locales/de.json';
import { en, renderAccount } from '../../../testing/render-account';

const AUSTRIAN = 'ATU13585627';

function verification(changes: Partial<VatVerification>): VatVerification {
  return {
    status: 'valid',
    vatId: AUSTRIAN,
    name: 'Alpenblick Versandhandel GmbH',
    address: 'Mariahilfer Straße 88\n1070 Wien',
    requestId: 'WAPIAAAA1234ABCD',
    checkedAt: '2026-03-05T10:00:00.000Z',
    error: null,
    ...changes,
  };
}

function profileWith(vatVerification: VatVerification | null): Profile {
  const profile = demoProfile();
  profile.contact = { ...profile.contact, country: 'AT', postalCode: '1070', vatID: AUSTRIAN, vatVerification };
  return profile;
}

const statusRegion = (name = en.profile_vat_status_label) => screen.getByRole('status', { name });

describe('VAT ID verification on the profile page', () => {
  it('shows a confirmed VAT ID with the registered name and the consultation number', () => {
    renderAccount(<ProfilePage />, { route: '/profile', session: { profile: profileWith(verification({})) } });
    const status = statusRegion();
    expect(status).toHaveTextContent('Confirmed by VIES, the EU register of VAT IDs, on 05.03.2026.');
    expect(status).toHaveTextContent('Alpenblick Versandhandel GmbH');
    expect(status).toHaveTextContent('Consultation number WAPIAAAA1234ABCD');
    expect(within(status).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when VIES does not know the VAT ID, without a Retry', () => {
    renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: profileWith(verification({ status: 'invalid', name: null, address: null })) },
    });
    expect(statusRegion()).toHaveTextContent(/does not know this VAT ID \(checked on 05\.03\.2026\)/);
    expect(screen.queryByRole('button', { name: en.profile_vat_retry })).not.toBeInTheDocument();
  });

  it('shows "not verified yet" with a Retry that asks again by keyboard and reloads the profile', async () => {
    const unverified = verification({ status: 'unverified', name: null, address: null, requestId: null });
    const { http, session, user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: profileWith({ ...unverified, error: 'MS_UNAVAILABLE' }) },
      http: { 'POST /user/profile/vat-verification': verification({}) },
    });
    expect(statusRegion()).toHaveTextContent(en.profile_vat_unverified);
    const retry = within(statusRegion()).getByRole('button', { name: en.profile_vat_retry });
    retry.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(http.callsTo('POST /user/profile/vat-verification')).toHaveLength(1));
    await waitFor(() => expect(session.refreshed).toContain('profile'));
  });

  it('tells the seller when VIES still cannot answer, and when the retry itself fails', async () => {
    const unverified = verification({ status: 'unverified', name: null, requestId: null, error: 'MS_UNAVAILABLE' });
    const first = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: profileWith(unverified) },
      http: { 'POST /user/profile/vat-verification': unverified },
    });
    await first.user.click(screen.getByRole('button', { name: en.profile_vat_retry }));
    await waitFor(() => expect(first.notify.last('error')?.message).toBe(en.profile_vat_still_unverified));
    first.unmount();

    const second = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: profileWith(unverified) },
      http: { 'POST /user/profile/vat-verification': new ApiError(503, 'database-unavailable', 'down') },
    });
    await second.user.click(screen.getByRole('button', { name: en.profile_vat_retry }));
    await waitFor(() => expect(second.notify.last('error')?.title).toBe(en.profile_vat_retry_failed));
    // Still there to try again.
    expect(screen.getByRole('button', { name: en.profile_vat_retry })).toBeEnabled();
  });

  it('says "not checked yet" for a VAT ID VIES was never asked about, with the same Retry', () => {
    const never = verification({ status: 'unverified', name: null, address: null, requestId: null, checkedAt: null });
    renderAccount(<ProfilePage />, { route: '/profile', session: { profile: profileWith(never) } });
    expect(statusRegion()).toHaveTextContent(en.profile_vat_unchecked);
    expect(within(statusRegion()).getByRole('button', { name: en.profile_vat_retry })).toBeEnabled();
  });

  it('speaks German', () => {
    const unverified = verification({ status: 'unverified', name: null, requestId: null, error: 'TIMEOUT' });
    renderAccount(<ProfilePage />, {
      route: '/profile',
      language: 'de',
      session: { profile: profileWith(unverified) },
    });
    const status = statusRegion(de.profile_vat_status_label);
    expect(status).toHaveTextContent(de.profile_vat_unverified);
    expect(within(status).getByRole('button', { name: de.profile_vat_retry })).toBeInTheDocument();
  });

  it('hides the answer while another VAT ID is typed (that one is checked on save)', async () => {
    const { user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: profileWith(verification({})) },
    });
    const field = screen.getByRole('textbox', { name: /^VAT ID/ });
    await user.clear(field);
    await user.type(field, 'ATU12345675');
    expect(screen.queryByRole('status', { name: en.profile_vat_status_label })).not.toBeInTheDocument();
  });
});
