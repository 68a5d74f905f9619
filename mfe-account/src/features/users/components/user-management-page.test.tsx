import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/shared';
import type { SubUser } from '@portal/shared/domain';
import { UserManagementPage } from './user-management-page';
import { demoSubApiUser } from '@portal/shared/testing';
import { common, deferred, en, renderAccount } from '../../../testing/render-account';

const anna: SubUser = { id: 'sub-1', name: 'Anna Lager', email: 'anna@shop.de', createdAt: '2025-02-01T12:00:00.000Z' };
const ben: SubUser = { id: 'sub-2', name: 'Ben Kasse', email: 'ben@shop.de', createdAt: '2025-03-01T12:00:00.000Z' };

const routes = (users: SubUser[], max: number) => ({
  'GET /user/subusers': () => [...users],
  'GET /user/subusers/max-allowed': { max_allowed: max },
});

describe('UserManagementPage', () => {
  it('lists the sub-users with their creation date and the count', async () => {
    renderAccount(<UserManagementPage />, { route: '/user-management', http: routes([anna, ben], 3) });
    const table = await screen.findByRole('table', { name: en.users_table_label });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByText('anna@shop.de').length).toBeGreaterThan(0);
    expect(within(table).getByText(/01\.02\.2025/)).toBeInTheDocument();
    expect(screen.getByText('2 of 3 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.users_add })).toBeEnabled();
  });

  it('shows a loading state, then an empty state', async () => {
    const list = deferred<SubUser[]>();
    renderAccount(<UserManagementPage />, {
      http: { 'GET /user/subusers': () => list.promise, 'GET /user/subusers/max-allowed': { max_allowed: 2 } },
    });
    expect(screen.getByRole('status')).toHaveTextContent(en.users_loading);
    expect(screen.getByRole('button', { name: en.users_add })).toBeDisabled();
    list.resolve([]);
    expect(await screen.findByText(en.users_empty_title)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('validates the add form and clears an error on edit', async () => {
    const { http, user } = renderAccount(<UserManagementPage />, { http: routes([], 2) });
    await user.click(await screen.findByRole('button', { name: en.users_add }));
    const dialog = await screen.findByRole('dialog', { name: en.users_add_title });
    await user.click(within(dialog).getByRole('button', { name: en.users_add_submit }));
    expect(await within(dialog).findByText(common.name_error)).toBeInTheDocument();
    expect(within(dialog).getByText(common.email_error)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Cleo');
    await waitFor(() => expect(within(dialog).queryByText(common.name_error)).not.toBeInTheDocument());
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: en.users_add_submit }));
    expect(await within(dialog).findByText(common.email_error)).toBeInTheDocument();
    expect(http.callsTo('POST /user/subusers')).toHaveLength(0);
  });

  it('adds a sub-user, shows it and mentions the invitation email', async () => {
    const { http, notify, user } = renderAccount(<UserManagementPage />, {
      http: {
        ...routes([anna], 3),
        'POST /user/subusers': (req: { body: { name: string; email: string } }) => ({
          id: 'sub-9',
          createdAt: '2026-01-01T00:00:00.000Z',
          ...req.body,
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: en.users_add }));
    const dialog = await screen.findByRole('dialog', { name: en.users_add_title });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), ' Cleo Versand ');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'cleo@shop.de');
    await user.click(within(dialog).getByRole('button', { name: en.users_add_submit }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.callsTo('POST /user/subusers')[0].body).toEqual({ name: 'Cleo Versand', email: 'cleo@shop.de' });
    expect(screen.getByText('Cleo Versand')).toBeInTheDocument();
    expect(notify.last('success')?.message).toBe(en.create_user_success.replace('{{email}}', 'cleo@shop.de'));
    expect(screen.getByText('2 of 3 users')).toBeInTheDocument();
  });

  it('disables Add and says so when the maximum is reached', async () => {
    renderAccount(<UserManagementPage />, { http: routes([anna, ben], 2) });
    expect(await screen.findByText(en.max_users_reached)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.users_add })).toBeDisabled();
  });

  it('reports the server-side limit when creating fails with max-users-reached', async () => {
    const { notify, user } = renderAccount(<UserManagementPage />, {
      http: {
        ...routes([], 1),
        'POST /user/subusers': new ApiError(403, 'max-users-reached', 'Maximum number of users reached'),
      },
    });
    await user.click(await screen.findByRole('button', { name: en.users_add }));
    const dialog = await screen.findByRole('dialog', { name: en.users_add_title });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Cleo');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'cleo@shop.de');
    await user.click(within(dialog).getByRole('button', { name: en.users_add_submit }));
    await waitFor(() => expect(notify.last('error')?.message).toBe(common.api_error_max_users_reached));
    expect(screen.getByRole('dialog', { name: en.users_add_title })).toBeInTheDocument();
  });

  it('marks the email the api says is in use, in German', async () => {
    const inUse = Object.assign(new ApiError(409, 'email-in-use', 'Email already exists'), {
      fields: { email: 'api_error_email_in_use' },
    });
    const { i18n, notify, user } = renderAccount(<UserManagementPage />, {
      language: 'de',
      http: { ...routes([], 2), 'POST /user/subusers': inUse },
    });
    await user.click(await screen.findByRole('button', { name: 'Benutzer hinzufügen' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Cleo');
    await user.type(within(dialog).getByRole('textbox', { name: /^E-Mail/ }), 'cleo@shop.de');
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    const text = i18n.t('api_error_email_in_use', { ns: 'common' });
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^E-Mail/ })).toHaveAttribute('aria-invalid', 'true');
    expect(notify.last('error')?.message).toBe(text);
    expect(screen.queryByText('Email already exists')).not.toBeInTheDocument();
  });

  it('warns with a link to the mobile plan when no users are allowed', async () => {
    renderAccount(<UserManagementPage />, { http: routes([], 0) });
    const link = await screen.findByRole('link', { name: en.users_buy_mobile_plan });
    expect(link).toHaveAttribute('href', '/licenses/buy?plugin=mobile');
    expect(screen.getByText(new RegExp(en.users_no_plan.slice(0, 30)))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.users_add })).toBeDisabled();
  });

  it('deletes a sub-user after confirmation', async () => {
    const { http, notify, user } = renderAccount(<UserManagementPage />, {
      http: { ...routes([anna, ben], 3), 'DELETE /user/subusers': null },
    });
    await user.click(
      await screen.findByRole('button', { name: en.users_delete_aria.replace('{{name}}', 'Anna Lager') }),
    );
    const dialog = await screen.findByRole('dialog', { name: en.users_delete_title });
    expect(dialog).toHaveTextContent('Anna Lager (anna@shop.de)');
    await user.click(within(dialog).getByRole('button', { name: en.users_delete_confirm }));

    await waitFor(() => expect(screen.queryByText('Anna Lager')).not.toBeInTheDocument());
    expect(http.callsTo('DELETE /user/subusers')[0].query).toEqual({ id: 'sub-1' });
    expect(notify.last('success')?.message).toBe(en.delete_user_success);
    expect(screen.getByText('Ben Kasse')).toBeInTheDocument();
  });

  it('keeps the row and reports a failed deletion', async () => {
    const { notify, user } = renderAccount(<UserManagementPage />, {
      http: { ...routes([anna], 3), 'DELETE /user/subusers': new ApiError(500, 'server-error', '') },
    });
    await user.click(
      await screen.findByRole('button', { name: en.users_delete_aria.replace('{{name}}', 'Anna Lager') }),
    );
    const dialog = await screen.findByRole('dialog', { name: en.users_delete_title });
    await user.click(within(dialog).getByRole('button', { name: en.users_delete_confirm }));
    await waitFor(() =>
      expect(notify.last('error')).toMatchObject({ title: en.delete_user_error, message: common.http_error_500 }),
    );
    expect(screen.getAllByText('Anna Lager').length).toBeGreaterThan(0);
  });

  it('shows a load error with retry', async () => {
    const { http, user } = renderAccount(<UserManagementPage />, {
      http: {
        'GET /user/subusers': new ApiError(500, 'server-error', ''),
        'GET /user/subusers/max-allowed': { max_allowed: 2 },
      },
    });
    expect(await screen.findByText(en.fetch_users_error)).toBeInTheDocument();
    http.on('GET /user/subusers', [anna]);
    await user.click(screen.getByRole('button', { name: en.retry }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('tells a sub-user that user management is not available and calls nothing', () => {
    const { http } = renderAccount(<UserManagementPage />, { session: { apiUser: demoSubApiUser() } });
    expect(screen.getByText(en.users_not_available)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.users_add })).not.toBeInTheDocument();
    expect(http.calls).toHaveLength(0);
  });
});
