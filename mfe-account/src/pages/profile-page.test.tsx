import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/shared';
import type { Profile } from '@portal/shared/domain';
import { demoProfile, demoSubApiUser, demoUser } from '@portal/shared/testing';
import { ProfilePage } from './profile-page';
import { PDF_BASE64, common, en, renderAccount } from '../testing/render-account';

const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

function newUserProfile(): Profile {
  const base = demoProfile();
  return {
    ...base,
    contact: {
      ...base.contact,
      firstName: '',
      lastName: '',
      companyName: '',
      city: '',
      street: '',
      houseNumber: '',
      postalCode: '',
      vatID: '',
      country: '',
    },
    avv: { isAccepted: false, acceptedDate: null },
  };
}

/** The demo profile with a VAT ID that passes the checksum, so it can be saved as it is. */
function savableProfile(): Profile {
  const profile = demoProfile();
  profile.contact.vatID = 'DE123456788';
  return profile;
}

describe('ProfilePage – personal data', () => {
  it('shows the required-field errors, sends nothing, and clears an error when its field is edited', async () => {
    const { http, user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: newUserProfile() },
    });
    await user.click(screen.getByRole('button', { name: en.profile_save }));

    expect(await screen.findByText(common.validation_firstName_required)).toBeInTheDocument();
    for (const key of [
      'validation_lastName_required',
      'validation_street_required',
      'validation_houseNumber_required',
      'validation_city_required',
      'validation_postalCode_required',
    ]) {
      expect(screen.getByText(common[key])).toBeInTheDocument();
    }
    expect(http.callsTo('PUT /user/profile/contact')).toHaveLength(0);
    // country defaults to DE, so it is not an error
    expect(screen.getByRole('combobox', { name: label(en.profile_country) })).toHaveValue('Germany');
    expect(screen.queryByText(common.validation_country_required)).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: label(en.profile_first_name) }), 'A');
    await waitFor(() => expect(screen.queryByText(common.validation_firstName_required)).not.toBeInTheDocument());
    expect(screen.getByText(common.validation_lastName_required)).toBeInTheDocument();
  });

  it('marks every field needed for a complete profile as required, the house number too', () => {
    renderAccount(<ProfilePage />, { route: '/profile', session: { profile: newUserProfile() } });
    for (const name of [
      en.profile_first_name,
      en.profile_last_name,
      en.profile_street,
      en.profile_house_number,
      en.profile_postal_code,
      en.profile_city,
    ]) {
      expect(screen.getByRole('textbox', { name: label(name) })).toBeRequired();
    }
    expect(screen.getByRole('combobox', { name: label(en.profile_country) })).toBeRequired();
    expect(screen.getByRole('textbox', { name: label(en.profile_company_name) })).not.toBeRequired();
  });

  it('validates a field when it is left', async () => {
    const { user } = renderAccount(<ProfilePage />, { route: '/profile', session: { profile: newUserProfile() } });
    await user.click(screen.getByRole('textbox', { name: label(en.profile_house_number) }));
    await user.tab();
    expect(await screen.findByText(common.validation_houseNumber_required)).toBeInTheDocument();
    expect(screen.queryByText(common.validation_city_required)).not.toBeInTheDocument();
  });

  it('saves the trimmed contact, notifies and refreshes the profile', async () => {
    const { http, notify, session, user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: savableProfile() },
      http: { 'PUT /user/profile/contact': (req: { body: object }) => ({ ...demoProfile().contact, ...req.body }) },
    });
    const city = screen.getByRole('textbox', { name: label(en.profile_city) });
    await user.clear(city);
    await user.type(city, '  Hamburg ');
    await user.type(screen.getByRole('textbox', { name: label(en.profile_invoice_email) }), 'billing@shop.de');
    // The searchable picker replaces the country field's stand-in when the pointer reaches it.
    const country = screen.getByRole('combobox', { name: label(en.profile_country) });
    await user.hover(country);
    await waitFor(() => expect(screen.getByRole('combobox', { name: label(en.profile_country) })).not.toBe(country));
    await user.click(screen.getByRole('combobox', { name: label(en.profile_country) }));
    await user.click(await screen.findByRole('option', { name: /France/ }));
    await user.click(screen.getByRole('button', { name: en.profile_save }));

    await waitFor(() => expect(http.callsTo('PUT /user/profile/contact')).toHaveLength(1));
    expect(http.callsTo('PUT /user/profile/contact')[0].body).toEqual({
      firstName: 'Erika',
      lastName: 'Muster',
      companyName: 'Muster Shop GmbH',
      country: 'FR',
      city: 'Hamburg',
      street: 'Friedrichstraße',
      houseNumber: '12',
      postalCode: '10117',
      invoiceEmail: 'billing@shop.de',
      vatID: 'DE123456788',
    });
    expect(notify.last('success')?.message).toBe(en.success_profile_updated);
    await waitFor(() => expect(session.refreshed).toContain('profile'));
    // AVV is already accepted for the demo user: no dialog
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps what was typed and shows an error when saving fails', async () => {
    const { notify, user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: savableProfile() },
      http: { 'PUT /user/profile/contact': new ApiError(500, 'server-error', 'boom') },
    });
    const street = screen.getByRole('textbox', { name: label(en.profile_street) });
    await user.clear(street);
    await user.type(street, 'Neue Straße');
    await user.click(screen.getByRole('button', { name: en.profile_save }));
    await waitFor(() => expect(notify.last('error')?.title).toBe(en.error_failed_update_profile));
    expect(notify.last('error')?.message).toBe(common.http_error_500);
    expect(street).toHaveValue('Neue Straße');
  });

  it('marks the field the api rejected, in German, without the server text', async () => {
    const rejected = Object.assign(new ApiError(400, 'validation-error', 'postalCode: invalid for AT'), {
      fields: { postalCode: 'validation_postalCode_invalid' },
    });
    const { i18n, notify, user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      language: 'de',
      session: { profile: savableProfile() },
      http: { 'PUT /user/profile/contact': rejected },
    });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const message = i18n.t('validation_postalCode_invalid', { ns: 'common' });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Postleitzahl/ })).toHaveAttribute('aria-invalid', 'true');
    expect(notify.last('error')?.message).toBe(i18n.t('api_error_validation_error', { ns: 'common' }));
    expect(screen.queryByText(/invalid for AT/)).not.toBeInTheDocument();
  });

  it('opens the AVV dialog by itself after a complete profile is saved while the AVV is not accepted', async () => {
    const { http, user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: newUserProfile() },
      http: {
        'PUT /user/profile/contact': (req: { body: object }) => ({ ...demoProfile().contact, ...req.body }),
        'GET /user/profile/avv/download': { pdf: PDF_BASE64 },
      },
    });
    await user.type(screen.getByRole('textbox', { name: label(en.profile_first_name) }), 'Max');
    await user.type(screen.getByRole('textbox', { name: label(en.profile_last_name) }), 'Mustermann');
    await user.type(screen.getByRole('textbox', { name: label(en.profile_street) }), 'Hauptstraße');
    await user.type(screen.getByRole('textbox', { name: label(en.profile_house_number) }), '1');
    await user.type(screen.getByRole('textbox', { name: label(en.profile_postal_code) }), '12345');
    await user.type(screen.getByRole('textbox', { name: label(en.profile_city) }), 'Köln');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.profile_save }));

    const dialog = await screen.findByRole('dialog', { name: en.avv_dialog_title });
    expect(within(dialog).getByRole('button', { name: en.avv_dialog_accept })).toBeInTheDocument();
    expect(http.callsTo('PUT /user/profile/contact')[0].body).toMatchObject({ country: 'DE', houseNumber: '1' });
  });

  it('does not save a profile without house number and names the missing field', async () => {
    const { http, user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: newUserProfile() },
      http: { 'PUT /user/profile/contact': (req: { body: object }) => ({ ...demoProfile().contact, ...req.body }) },
    });
    await user.type(screen.getByRole('textbox', { name: label(en.profile_first_name) }), 'Max');
    await user.type(screen.getByRole('textbox', { name: label(en.profile_last_name) }), 'Mustermann');
    await user.type(screen.getByRole('textbox', { name: label(en.profile_street) }), 'Hauptstraße');
    await user.type(screen.getByRole('textbox', { name: label(en.profile_postal_code) }), '12345');
    await user.type(screen.getByRole('textbox', { name: label(en.profile_city) }), 'Köln');
    await user.click(screen.getByRole('button', { name: en.profile_save }));
    expect(await screen.findByText(common.validation_houseNumber_required)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: label(en.profile_house_number) })).toHaveFocus();
    expect(http.callsTo('PUT /user/profile/contact')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks postal code and VAT ID before saving', async () => {
    const profile = savableProfile();
    profile.contact.vatID = 'DE123456789';
    const { http, user } = renderAccount(<ProfilePage />, { route: '/profile', session: { profile } });
    const postalCode = screen.getByRole('textbox', { name: label(en.profile_postal_code) });
    await user.clear(postalCode);
    await user.type(postalCode, '1234');
    await user.click(screen.getByRole('button', { name: en.profile_save }));
    expect(await screen.findByText(common.validation_postalCode_invalid)).toBeInTheDocument();
    expect(screen.getByText(common.validation_vatID_invalid)).toBeInTheDocument();
    expect(http.callsTo('PUT /user/profile/contact')).toHaveLength(0);
  });

  it('shows the login email read-only and uses it as the invoice-email fallback hint', () => {
    renderAccount(<ProfilePage />, { route: '/profile' });
    const email = screen.getByRole('textbox', { name: label(en.profile_email) });
    expect(email).toHaveValue('demo@portal.test');
    expect(email).toHaveAttribute('readonly');
    const invoice = screen.getByRole('textbox', { name: label(en.profile_invoice_email) });
    expect(invoice).toHaveAttribute('placeholder', 'demo@portal.test');
    expect(
      screen.getByText(en.profile_invoice_email_hint.replace('{{email}}', 'demo@portal.test')),
    ).toBeInTheDocument();
  });
});

describe('ProfilePage – email verification', () => {
  const unverified = { user: { ...demoUser(), emailVerified: false } };

  it('resends the confirmation email', async () => {
    const { identity, notify, user } = renderAccount(<ProfilePage />, { route: '/profile', session: unverified });
    await user.click(screen.getByRole('button', { name: en.profile_resend_verification }));
    expect(identity.calls).toContain('sendVerificationEmail');
    expect(notify.last()?.message).toBe(en.notification_email_sent);
  });

  it('reports a failed resend', async () => {
    const { identity, notify, user } = renderAccount(<ProfilePage />, { route: '/profile', session: unverified });
    identity.failWith = new Error('quota');
    await user.click(screen.getByRole('button', { name: en.profile_resend_verification }));
    expect(notify.last('error')?.message).toBe(en.notification_email_send_failed);
  });

  it('has no resend button for a verified email', () => {
    renderAccount(<ProfilePage />, { route: '/profile' });
    expect(screen.queryByRole('button', { name: en.profile_resend_verification })).not.toBeInTheDocument();
  });

  it('checks every 15 s and announces the verification once it happened', async () => {
    jest.useFakeTimers();
    try {
      const { identity, notify, session } = renderAccount(<ProfilePage />, { route: '/profile', session: unverified });
      identity.user = { ...demoUser(), emailVerified: false };
      await act(async () => jest.advanceTimersByTime(14_999));
      expect(identity.calls.filter((c) => c === 'reloadUser')).toHaveLength(0);
      await act(async () => jest.advanceTimersByTime(1));
      expect(identity.calls.filter((c) => c === 'reloadUser')).toHaveLength(1);
      expect(notify.notifications).toHaveLength(0);

      identity.user = { ...demoUser(), emailVerified: true };
      await act(async () => jest.advanceTimersByTime(15_000));
      expect(identity.calls.filter((c) => c === 'reloadUser')).toHaveLength(2);
      expect(notify.last('success')?.message).toBe(en.notification_email_verified);
      expect(session.refreshed).toContain('user');

      // stops polling once verified
      await act(async () => jest.advanceTimersByTime(60_000));
      expect(identity.calls.filter((c) => c === 'reloadUser')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('ProfilePage – AVV section', () => {
  it('offers Accept AVV for a complete profile without AVV and opens the dialog', async () => {
    const profile = { ...demoProfile(), avv: { isAccepted: false, acceptedDate: null } };
    const { user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile },
      http: { 'GET /user/profile/avv/download': { pdf: PDF_BASE64 } },
    });
    await user.click(screen.getByRole('button', { name: en.avv_accept_button }));
    expect(await screen.findByRole('dialog', { name: en.avv_dialog_title })).toBeInTheDocument();
  });

  it('has no Accept AVV button while the profile is incomplete; it names what is missing and leads there', async () => {
    const profile = demoProfile();
    profile.contact.houseNumber = '';
    profile.avv = { isAccepted: false, acceptedDate: null };
    const { user } = renderAccount(<ProfilePage />, { route: '/profile', session: { profile } });
    expect(screen.queryByRole('button', { name: en.avv_accept_button })).not.toBeInTheDocument();
    expect(
      screen.getByText(en.avv_complete_profile_first.replace('{{fields}}', en.profile_house_number)),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.avv_complete_profile_button }));
    expect(await screen.findByText(common.validation_houseNumber_required)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: label(en.profile_house_number) })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('direction=avv with an incomplete profile leads to the missing fields instead of a dialog that cannot accept', async () => {
    const { http } = renderAccount(<ProfilePage />, {
      route: '/profile?direction=avv',
      session: { profile: newUserProfile() },
      http: { 'GET /user/profile/avv/download': { pdf: PDF_BASE64 } },
    });
    expect(await screen.findByText(common.validation_firstName_required)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: label(en.profile_first_name) })).toHaveFocus();
    const missingHint = new RegExp(`^${en.avv_complete_profile_first.split('{{')[0]}.*${en.profile_house_number}`);
    expect(screen.getByText(missingHint)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Neither the contract nor an acceptance was requested (only the AVV history section loads).
    expect(http.calls.filter((c) => c.path.startsWith('/user/'))).toHaveLength(0);
  });

  it('shows the acceptance date and opens the contract in Ok mode', async () => {
    const { user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      http: { 'GET /user/profile/avv/download': { pdf: PDF_BASE64 } },
    });
    expect(screen.getByText(/You accepted the data-processing agreement on \d{2}\.\d{2}\.2025/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.avv_show_contract }));
    const dialog = await screen.findByRole('dialog', { name: en.avv_dialog_title });
    await within(dialog).findByTitle(en.avv_dialog_pdf_title);
    expect(within(dialog).getByRole('button', { name: en.avv_dialog_ok })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: en.avv_dialog_accept })).not.toBeInTheDocument();
  });

  it('downloads the contract as AVV.pdf', async () => {
    const created: Blob[] = [];
    const clicked: HTMLAnchorElement[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:avv';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    try {
      const { http, user } = renderAccount(<ProfilePage />, {
        route: '/profile',
        http: { 'GET /user/profile/avv/download': { pdf: PDF_BASE64 } },
      });
      await user.click(screen.getByRole('button', { name: en.avv_download_pdf }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0].download).toBe('AVV.pdf');
      expect(clicked[0].href).toBe('blob:avv');
      expect(created[0].type).toBe('application/pdf');
      expect(created[0].size).toBe(atob(PDF_BASE64).length);
      expect(http.callsTo('GET /user/profile/avv/download')[0].query).toEqual({ lang: 'en' });
    } finally {
      click.mockRestore();
      // The stubs stay: saveBlob revokes the URL a second later.
    }
  });

  it('reports a failed download', async () => {
    const { notify, user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      http: { 'GET /user/profile/avv/download': new ApiError(500, 'pdf-failed', 'x') },
    });
    await user.click(screen.getByRole('button', { name: en.avv_download_pdf }));
    await waitFor(() =>
      expect(notify.last('error')?.message).toBe(en.notification_avv_accepted_download_pdf_error_text),
    );
  });
});

describe('ProfilePage – delete account', () => {
  it('deletes only after confirming', async () => {
    const { identity, notify, user } = renderAccount(<ProfilePage />, { route: '/profile' });
    await user.click(screen.getByRole('button', { name: en.delete_account_button }));
    let dialog = await screen.findByRole('dialog', { name: en.delete_account_confirm_title });
    await user.click(within(dialog).getByRole('button', { name: en.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(identity.calls).not.toContain('deleteAccount');

    await user.click(screen.getByRole('button', { name: en.delete_account_button }));
    dialog = await screen.findByRole('dialog', { name: en.delete_account_confirm_title });
    await user.click(within(dialog).getByRole('button', { name: en.delete_account_confirm }));
    await waitFor(() => expect(identity.calls).toContain('deleteAccount'));
    expect(notify.last('success')?.message).toBe(en.success_account_deleted);
  });

  it('reports a failed deletion', async () => {
    const { identity, notify, user } = renderAccount(<ProfilePage />, { route: '/profile' });
    identity.failWith = new Error('requires-recent-login');
    await user.click(screen.getByRole('button', { name: en.delete_account_button }));
    const dialog = await screen.findByRole('dialog', { name: en.delete_account_confirm_title });
    await user.click(within(dialog).getByRole('button', { name: en.delete_account_confirm }));
    await waitFor(() => expect(notify.last('error')?.message).toBe(en.notification_account_delete_failed));
  });
});

describe('ProfilePage – tabs and query parameters', () => {
  it('shows both tabs for a main user, with a pulsing marker while the database is not set up', () => {
    renderAccount(<ProfilePage />, { route: '/profile', session: { dataSource: null } });
    expect(screen.getByRole('tab', { name: en.tab_personal_data })).toHaveAttribute('aria-selected', 'true');
    const dbTab = screen.getByRole('tab', { name: new RegExp(en.tab_database) });
    expect(within(dbTab).getByRole('img', { name: en.tab_database_incomplete })).toBeInTheDocument();
  });

  it('has no pulsing marker once the database connection is configured', () => {
    renderAccount(<ProfilePage />, { route: '/profile' });
    expect(screen.queryByRole('img', { name: en.tab_database_incomplete })).not.toBeInTheDocument();
  });

  it('hides the database tab for sub-users, even with direction=dataSource', () => {
    const profile = demoProfile();
    profile.contact.parentUserId = 'parent-1';
    renderAccount(<ProfilePage />, {
      route: '/profile?direction=dataSource',
      session: { apiUser: demoSubApiUser(), profile },
    });
    expect(screen.queryByRole('tab', { name: new RegExp(en.tab_database) })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: en.tab_personal_data })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: en.profile_save })).toBeInTheDocument();
  });

  it('direction=dataSource selects the database tab', async () => {
    renderAccount(<ProfilePage />, { route: '/profile?direction=dataSource' });
    expect(screen.getByRole('tab', { name: new RegExp(en.tab_database) })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(en.ds_security_info)).toBeInTheDocument();
  });

  it('switches tabs by click', async () => {
    const { user } = renderAccount(<ProfilePage />, { route: '/profile' });
    await user.click(screen.getByRole('tab', { name: new RegExp(en.tab_database) }));
    expect(await screen.findByRole('textbox', { name: label(en.ds_host) })).toHaveValue('db.muster-shop.de');
  });

  it('direction=avv opens the AVV dialog', async () => {
    renderAccount(<ProfilePage />, {
      route: '/profile?direction=avv',
      http: { 'GET /user/profile/avv/download': { pdf: PDF_BASE64 } },
    });
    const dialog = await screen.findByRole('dialog', { name: en.avv_dialog_title });
    await within(dialog).findByTitle(en.avv_dialog_pdf_title);
  });

  it('firstTime=true greets the new user with the next steps', () => {
    renderAccount(<ProfilePage />, { route: '/profile?firstTime=true', session: { profile: newUserProfile() } });
    expect(screen.getByText(en.welcome_title)).toBeInTheDocument();
    expect(screen.getByText(en.welcome_step_avv)).toBeInTheDocument();
  });

  it('no greeting without firstTime', () => {
    renderAccount(<ProfilePage />, { route: '/profile' });
    expect(screen.queryByText(en.welcome_title)).not.toBeInTheDocument();
  });
});

describe('ProfilePage – profile not available', () => {
  it('shows a loading state while the session is still loading', () => {
    renderAccount(<ProfilePage />, { route: '/profile', session: { profile: null } });
    expect(screen.getByRole('status')).toHaveTextContent(en.loading_profile);
  });

  it('offers a retry when the profile could not be loaded', async () => {
    const { session, user } = renderAccount(<ProfilePage />, {
      route: '/profile',
      session: { profile: null, failedParts: ['profile'] },
    });
    expect(screen.getByText(en.profile_load_failed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.retry }));
    expect(session.refreshed).toEqual(['profile']);
  });
});
