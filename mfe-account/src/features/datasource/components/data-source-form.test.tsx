import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/shared';
import { demoDataSource } from '@portal/shared/testing';
import { DataSourceForm } from './data-source-form';
import { common, en, renderAccount } from '../../../testing/render-account';

const label = (text: string) => new RegExp(`^${text}`);
const field = (text: string) => screen.getByRole('textbox', { name: label(text) });
const password = () => screen.getByLabelText(label(en.ds_password));

async function fillAll(user: ReturnType<typeof renderAccount>['user']) {
  await user.type(field(en.ds_host), 'db.example.com');
  await user.type(field(en.ds_port), '3306');
  await user.type(field(en.ds_database), 'shop');
  await user.type(field(en.ds_user), 'reader');
  await user.type(password(), 's3cret');
}

describe('DataSourceForm', () => {
  it('prefills from the session, never shows the saved password and says it is kept', () => {
    renderAccount(<DataSourceForm />);
    expect(screen.getByText(en.ds_security_info)).toBeInTheDocument();
    expect(field(en.ds_host)).toHaveValue('db.muster-shop.de');
    expect(field(en.ds_port)).toHaveValue('1433');
    expect(field(en.ds_database)).toHaveValue('eazybusiness');
    expect(field(en.ds_user)).toHaveValue('portal');
    expect(password()).toHaveValue('');
    expect(password()).not.toBeRequired();
    expect(password()).toHaveAttribute('placeholder', en.ds_password_placeholder_saved);
    expect(screen.getByText(en.ds_password_hint_existing)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: label(en.ds_engine) })).toHaveTextContent(en.ds_engine_mssql);
  });

  it('toggles the password visibility', async () => {
    const { user } = renderAccount(<DataSourceForm />);
    expect(password()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: en.ds_show_password }));
    expect(password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: en.ds_hide_password }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  it('refuses to test without host, database, user and password', async () => {
    const { http, notify, user } = renderAccount(<DataSourceForm />, { session: { dataSource: null } });
    await user.type(field(en.ds_host), 'db.example.com');
    await user.type(field(en.ds_database), 'shop');
    await user.type(field(en.ds_user), 'reader');
    expect(password()).toBeRequired();
    await user.click(screen.getByRole('button', { name: en.ds_test }));
    expect(notify.last('error')?.message).toBe(common.error_connection_details_missing);
    expect(http.callsTo('POST /user/ds/test')).toHaveLength(0);
  });

  it('tests and saves with the saved password when none is typed', async () => {
    const { http, notify, user } = renderAccount(<DataSourceForm />, {
      http: {
        'POST /user/ds/test': { ok: true },
        'PUT /user/ds': (req: { body: object }) => ({ ...demoDataSource(), ...req.body }),
      },
    });
    await user.click(screen.getByRole('button', { name: en.ds_test }));
    await waitFor(() => expect(notify.last()?.message).toBe(en.success_connection_test));
    expect(http.callsTo('POST /user/ds/test')[0].body).not.toHaveProperty('password');
    await user.click(screen.getByRole('button', { name: en.ds_save }));
    await waitFor(() => expect(http.callsTo('PUT /user/ds')).toHaveLength(1));
    expect(http.callsTo('PUT /user/ds')[0].body).toEqual({
      host: 'db.muster-shop.de',
      port: 1433,
      database: 'eazybusiness',
      user: 'portal',
      engine: 'mssql',
    });
  });

  it('says in German that the saved password is kept', () => {
    renderAccount(<DataSourceForm />, { language: 'de' });
    expect(screen.getByText(/Ein Passwort ist gespeichert/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Passwort/, { selector: 'input' })).toHaveAttribute(
      'placeholder',
      '•••••••• (gespeichert)',
    );
  });

  it('tests the connection with the typed details and the chosen engine', async () => {
    const { http, notify, user } = renderAccount(<DataSourceForm />, {
      session: { dataSource: null },
      http: { 'POST /user/ds/test': { ok: true, message: 'Connected' } },
    });
    await fillAll(user);
    await user.click(screen.getByRole('combobox', { name: label(en.ds_engine) }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: en.ds_engine_mysql }));
    await user.click(screen.getByRole('button', { name: en.ds_test }));
    await waitFor(() => expect(notify.last()?.message).toBe(en.success_connection_test));
    expect(http.callsTo('POST /user/ds/test')[0].body).toEqual({
      host: 'db.example.com',
      port: 3306,
      database: 'shop',
      user: 'reader',
      password: 's3cret',
      engine: 'mysql',
    });
  });

  it.each([
    ['db-host-not-found', 'getaddrinfo ENOTFOUND db.example.com'],
    ['db-port-closed', 'connect ECONNREFUSED 10.0.0.1:1433'],
    ['db-port-filtered', 'connect ETIMEDOUT'],
    ['db-tls-required', 'no pg_hba.conf entry for host, SSL off'],
    ['db-tls-refused', 'The server does not support SSL connections'],
    ['db-login-rejected', 'Login failed for user reader'],
    ['db-database-missing', 'database "shop" does not exist'],
    ['db-schema-missing', 'Invalid object name dbo.tArtikel'],
    ['address-not-allowed', '10.0.0.1 is a private address'],
    ['email-not-verified', 'Email not verified'],
  ])('explains a failed test (%s) in words with a hint, never with the server text', async (slug, serverText) => {
    const { notify, user } = renderAccount(<DataSourceForm />, {
      http: { 'POST /user/ds/test': new ApiError(422, slug, serverText) },
    });
    await user.click(screen.getByRole('button', { name: en.ds_test }));
    const key = `api_error_${slug.replace(/-/g, '_')}`;
    await waitFor(() => expect(notify.last('error')?.message).toBe(common[key]));
    expect(common[key]).toBeTruthy();
    expect(notify.last('error')).toMatchObject({ title: en.error_connection_test_failed });
    expect(screen.queryByText(serverText)).not.toBeInTheDocument();
  });

  it("explains a failed test in German, with the request's support code", async () => {
    const refused = new ApiError(422, 'db-login-rejected', 'Login failed for user reader', undefined, 'c0ffee-42');
    const { notify, user } = renderAccount(<DataSourceForm />, {
      language: 'de',
      http: { 'POST /user/ds/test': refused },
    });
    await user.click(screen.getByRole('button', { name: 'Verbindung testen' }));
    await waitFor(() => expect(notify.last('error')?.message).toMatch(/Benutzername|Passwort/));
    expect(notify.last('error')?.message).toMatch(/ Support-Code: c0ffee-42$/);
  });

  it('creates the data source with POST when none exists, then refreshes the session', async () => {
    const { http, notify, session, user } = renderAccount(<DataSourceForm />, {
      session: { dataSource: null },
      http: { 'POST /user/ds': (req: { body: object }) => ({ ...demoDataSource(), ...req.body }) },
    });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: en.ds_save }));
    await waitFor(() => expect(notify.last()?.message).toBe(en.success_datasource_updated));
    expect(http.callsTo('POST /user/ds')[0].body).toEqual({
      host: 'db.example.com',
      port: 3306,
      database: 'shop',
      user: 'reader',
      password: 's3cret',
      engine: 'mssql',
    });
    expect(http.callsTo('PUT /user/ds')).toHaveLength(0);
    expect(session.refreshed).toContain('dataSource');
    expect(password()).toHaveValue('');
  });

  it('updates with PUT when a data source exists', async () => {
    const { http, user } = renderAccount(<DataSourceForm />, {
      http: { 'PUT /user/ds': (req: { body: object }) => ({ ...demoDataSource(), ...req.body }) },
    });
    await user.type(password(), 'pw');
    await user.click(screen.getByRole('button', { name: en.ds_save }));
    await waitFor(() => expect(http.callsTo('PUT /user/ds')).toHaveLength(1));
    expect(http.callsTo('PUT /user/ds')[0].body).toMatchObject({
      host: 'db.muster-shop.de',
      port: 1433,
      password: 'pw',
    });
    expect(http.callsTo('POST /user/ds')).toHaveLength(0);
  });

  it('validates before saving and clears an error on edit', async () => {
    const { http, user } = renderAccount(<DataSourceForm />, { session: { dataSource: null } });
    await user.click(screen.getByRole('button', { name: en.ds_save }));
    expect(await screen.findByText(common.validation_host_required)).toBeInTheDocument();
    expect(screen.getByText(common.validation_port_required)).toBeInTheDocument();
    expect(screen.getByText(common.validation_password_required)).toBeInTheDocument();
    expect(http.calls).toHaveLength(0);
    await user.type(field(en.ds_host), 'h');
    await waitFor(() => expect(screen.queryByText(common.validation_host_required)).not.toBeInTheDocument());
  });

  it('keeps only digits in the port field', async () => {
    const { user } = renderAccount(<DataSourceForm />, { session: { dataSource: null } });
    await user.type(field(en.ds_port), '54a3.2');
    expect(field(en.ds_port)).toHaveValue('5432');
  });

  it('reports a failed save in words, marks the fields the api named and keeps the input', async () => {
    const rejected = Object.assign(new ApiError(400, 'validation-error', 'body/port must be <= 65535'), {
      fields: { port: 'validation_port_invalid' },
    });
    const { notify, user } = renderAccount(<DataSourceForm />, { http: { 'PUT /user/ds': rejected } });
    await user.type(password(), 'pw');
    await user.click(screen.getByRole('button', { name: en.ds_save }));
    await waitFor(() =>
      expect(notify.last('error')).toMatchObject({
        title: en.error_failed_update_datasource,
        message: common.api_error_validation_error,
      }),
    );
    expect(screen.getByText(common.validation_port_invalid)).toBeInTheDocument();
    expect(field(en.ds_port)).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveValue('pw');
  });
});
