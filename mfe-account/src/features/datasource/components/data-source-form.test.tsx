import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/shared';
import { demoDataSource } from '@portal/shared/testing';
import { DataSourceForm } from './data-source-form';
import { en, renderAccount } from '../../../testing/render-account';

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
  it('prefills from the session, never shows a password and explains why', () => {
    renderAccount(<DataSourceForm />);
    expect(screen.getByText(en.ds_security_info)).toBeInTheDocument();
    expect(field(en.ds_host)).toHaveValue('db.muster-shop.de');
    expect(field(en.ds_port)).toHaveValue('1433');
    expect(field(en.ds_database)).toHaveValue('eazybusiness');
    expect(field(en.ds_user)).toHaveValue('portal');
    expect(password()).toHaveValue('');
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
    const { http, notify, user } = renderAccount(<DataSourceForm />);
    await user.click(screen.getByRole('button', { name: en.ds_test }));
    expect(notify.last('error')?.message).toBe(en.error_connection_details_missing);
    expect(http.callsTo('POST /user/ds/test')).toHaveLength(0);
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

  it('shows the server message when a test fails, else the generic one', async () => {
    const { http, notify, user } = renderAccount(<DataSourceForm />, {
      http: { 'POST /user/ds/test': new ApiError(422, 'connection-test-failed', 'Login failed for user reader') },
    });
    await user.type(password(), 'wrong');
    await user.click(screen.getByRole('button', { name: en.ds_test }));
    await waitFor(() => expect(notify.last('error')?.message).toBe('Login failed for user reader'));

    http.on('POST /user/ds/test', new ApiError(422, 'connection-test-failed', ''));
    await user.click(screen.getByRole('button', { name: en.ds_test }));
    await waitFor(() => expect(notify.last('error')?.message).toBe(en.error_connection_test_failed));
  });

  it('maps an email-not-verified slug to its own message', async () => {
    const { notify, user } = renderAccount(<DataSourceForm />, {
      http: { 'POST /user/ds/test': new ApiError(403, 'email-not-verified', 'Email not verified') },
    });
    await user.type(password(), 'pw');
    await user.click(screen.getByRole('button', { name: en.ds_test }));
    await waitFor(() => expect(notify.last('error')?.message).toBe(en.error_email_not_verified));
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
    expect(screen.getByText(en.validation_host_required)).toBeInTheDocument();
    expect(screen.getByText(en.validation_port_required)).toBeInTheDocument();
    expect(screen.getByText(en.validation_password_required)).toBeInTheDocument();
    expect(http.calls).toHaveLength(0);
    await user.type(field(en.ds_host), 'h');
    expect(screen.queryByText(en.validation_host_required)).not.toBeInTheDocument();
  });

  it('keeps only digits in the port field', async () => {
    const { user } = renderAccount(<DataSourceForm />, { session: { dataSource: null } });
    await user.type(field(en.ds_port), '54a3.2');
    expect(field(en.ds_port)).toHaveValue('5432');
  });

  it('reports a failed save with the server message and keeps the input', async () => {
    const { notify, user } = renderAccount(<DataSourceForm />, {
      http: { 'PUT /user/ds': new ApiError(422, 'connection-test-failed', 'Host unreachable') },
    });
    await user.type(password(), 'pw');
    await user.click(screen.getByRole('button', { name: en.ds_save }));
    await waitFor(() =>
      expect(notify.last('error')).toMatchObject({
        title: en.error_failed_update_datasource,
        message: 'Host unreachable',
      }),
    );
    expect(password()).toHaveValue('pw');
  });
});
