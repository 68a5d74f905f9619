import { PortalServicesProvider } from '@portal/shared';
import { GPSR_POINTS } from '@portal/shared/domain';
import { createPortalFakes, renderWithPortal } from '@portal/shared/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import remote from '../../../remote';
import { gpsrLicense, product } from '../../../testing/gpsr-fixtures';
import { ProductEditorPage } from './product-editor-page';

const session = { licenses: [gpsrLicense()] };
const ID = '11111111-1111-4111-8111-111111111111';
const file = { name: '22222222-2222-4222-8222-222222222222.pdf', originalName: 'test-report.pdf' };
const pct = (n: number) => Math.round((n / GPSR_POINTS.length) * 100);

function renderAdd(options: Parameters<typeof renderWithPortal>[1] = {}) {
  return renderWithPortal(<ProductEditorPage mode="add" />, {
    route: '/features/gpsr/product/add',
    path: '/features/gpsr/product/add',
    translations: [remote],
    session,
    ...options,
  });
}

function renderEdit(options: Parameters<typeof renderWithPortal>[1] = {}) {
  return renderWithPortal(<ProductEditorPage mode="edit" />, {
    route: `/features/gpsr/product/edit/${ID}`,
    path: '/features/gpsr/product/edit/:productId',
    translations: [remote],
    session,
    ...options,
  });
}

describe('ProductEditorPage (add)', () => {
  it('requires the product name and says so', async () => {
    const { user, http, notify } = renderAdd();
    const name = screen.getByRole('textbox', { name: /Product name/ });
    expect(name).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product name must not be empty')).toBeInTheDocument();
    expect(notify.last('error')?.message).toBe('Product name must not be empty');
    expect(http.callsTo('POST /gpsr/product/create')).toHaveLength(0);
  });

  it('shows progress as points are answered and saves name and answers', async () => {
    const { user, http, notify, location } = renderAdd({
      http: { 'POST /gpsr/product/create': (req: { body: unknown }) => product({ ...(req.body as object), id: ID }) },
    });
    expect(screen.getByText('0% of 100%')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Product name/ }), 'Lamp');
    await user.type(
      screen.getByRole('textbox', { name: 'Answer: General description of the product and its intended use' }),
      'A desk lamp',
    );
    expect(screen.getByText(`${pct(1)}% of 100%`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(http.callsTo('POST /gpsr/product/create')).toHaveLength(1));
    expect(http.callsTo('POST /gpsr/product/create')[0].body).toEqual({
      name: 'Lamp',
      riskQuestions: [{ topicId: 't1', questionId: 'q1', pointId: 'p1', textarea: 'A desk lamp', files: [] }],
    });
    expect(notify.last('success')?.message).toBe('The new product has been successfully saved');
    await waitFor(() => expect(location()).toBe(`/features/gpsr/product/edit/${ID}`));
  });

  it('uploads several files to a point and removes one after a confirm', async () => {
    const second = { name: '33333333-3333-4333-8333-333333333333.png', originalName: 'label.png' };
    const { user, http, notify } = renderAdd({
      http: {
        'POST /gpsr/product/upload/files': { status: 'success', files: [file, second] },
        'DELETE /gpsr/product/file/:name/delete': { deleted: true },
      },
    });
    const point = screen.getByRole('region', { name: 'Outcome of test reports' });
    const input = within(point).getByTestId('upload-t1q3p5') as HTMLInputElement;
    expect(input).toHaveAttribute('multiple');
    expect(input.accept).toContain('.docx');
    await user.upload(input, [
      new File(['%PDF-1.4'], 'test-report.pdf', { type: 'application/pdf' }),
      new File(['png'], 'label.png', { type: 'image/png' }),
    ]);
    expect(await within(point).findByText('test-report.pdf')).toBeInTheDocument();
    expect(within(point).getByText('label.png')).toBeInTheDocument();
    expect(notify.last('success')?.message).toBe('File(s) added successfully');
    const form = http.callsTo('POST /gpsr/product/upload/files')[0].body as FormData;
    expect(form.get('topicID')).toBe('t1');
    expect(form.get('questionID')).toBe('q3');
    expect(form.get('pointID')).toBe('p5');
    expect(form.getAll('files')).toHaveLength(2);
    expect(screen.getByText(`${pct(1)}% of 100%`)).toBeInTheDocument();

    await user.click(within(point).getByRole('button', { name: 'Remove file label.png' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(point).queryByText('label.png')).not.toBeInTheDocument());
    expect(http.callsTo('DELETE /gpsr/product/file/:name/delete')[0].params.name).toBe(second.name);
    expect(notify.last('success')?.message).toBe('File successfully deleted');
  });

  it('reports a refused upload with the api reason', async () => {
    const { ApiError } = await import('@portal/shared');
    const { user, notify } = renderAdd({
      http: { 'POST /gpsr/product/upload/files': new ApiError(415, 'file-type-not-allowed', 'no', undefined, 'up-9') },
    });
    const point = screen.getByRole('region', { name: 'Outcome of test reports' });
    await user.upload(
      within(point).getByTestId('upload-t1q3p5'),
      new File(['<?php'], 'x.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(notify.last('error')?.title).toBe('Error adding file(s)'));
    expect(notify.last('error')?.message).toBe(
      'Only images, PDF and Word files (.doc, .docx) can be uploaded. Support code: up-9',
    );
  });

  it('shows Scroll to top only after scrolling more than 300 px', async () => {
    const { user } = renderAdd();
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    Object.defineProperty(window, 'scrollY', { value: 301, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await user.click(await screen.findByRole('button', { name: 'Scroll to top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('speaks German', () => {
    renderAdd({ language: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Produkt hinzufügen' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Produktname/ })).toBeInTheDocument();
    expect(screen.getByText('0 % von 100 %')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: '1. Produktsicherheit und Risikobewertung' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/mindestens 10 Jahre/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
  });
});

describe('ProductEditorPage (edit)', () => {
  const saved = product({
    name: 'Lamp',
    riskQuestions: [{ topicId: 't1', questionId: 'q3', pointId: 'p5', textarea: 'Passed', files: [file] }],
    versions: [
      { number: 1, releasedAt: '2025-02-01T10:00:00.000Z', retentionUntil: '2035-02-01T10:00:00.000Z', progress: 3 },
    ],
    draftChanged: true,
  });

  it('loads the product, updates it and releases a version', async () => {
    const { user, http, notify } = renderEdit({
      http: {
        'GET /gpsr/product/:id': saved,
        'PUT /gpsr/product/update': (req: { body: unknown }) => ({ ...saved, ...(req.body as object) }),
        'POST /gpsr/product/:id/release': {
          number: 2,
          releasedAt: '2025-03-01T10:00:00.000Z',
          retentionUntil: '2035-03-01T10:00:00.000Z',
          progress: 3,
        },
      },
    });
    const name = await screen.findByRole('textbox', { name: /Product name/ });
    expect(name).toHaveValue('Lamp');
    expect(screen.getByText('test-report.pdf')).toBeInTheDocument();
    expect(screen.getByText('Version 1 · released 01.02.2025')).toBeInTheDocument();
    expect(screen.getByText('Kept until 01.02.2035')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Lamp 2');
    // Unsaved edits must be saved before a release.
    expect(screen.getByRole('button', { name: 'Release version' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(notify.last('success')?.message).toBe('Product data updated successfully'));
    expect((http.callsTo('PUT /gpsr/product/update')[0].body as { id: string; name: string }).name).toBe('Lamp 2');

    await user.click(screen.getByRole('button', { name: 'Release version' }));
    await waitFor(() => expect(notify.last('success')?.title).toBe('Version 2 released'));
    expect(screen.getByRole('button', { name: 'Download version 2' })).toBeInTheDocument();
  });
});

describe('unsaved changes guard', () => {
  // The data router builds a fetch Request per navigation; jest's jsdom environment has no Fetch API.
  beforeAll(() => {
    if (!('Request' in globalThis)) {
      Object.assign(globalThis, {
        Request: class {
          url: string;
          signal: AbortSignal;
          method = 'GET';
          constructor(url: string | URL, init: { signal?: AbortSignal } = {}) {
            this.url = String(url);
            this.signal = init.signal ?? new AbortController().signal;
          }
        },
      });
    }
  });

  it("asks 'All unsaved changes will be lost' before leaving in-app, and stays on cancel", async () => {
    const fakes = createPortalFakes({ session, translations: [remote] });
    const router = createMemoryRouter(
      [
        { path: '/features/gpsr/product/add', element: <ProductEditorPage mode="add" /> },
        { path: '/features/gpsr', element: <p>list page</p> },
      ],
      { initialEntries: ['/features/gpsr/product/add'] },
    );
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={fakes.i18n}>
        <PortalServicesProvider services={fakes.services}>
          <RouterProvider router={router} />
        </PortalServicesProvider>
      </I18nextProvider>,
    );
    // Without changes, leaving is free.
    await user.type(screen.getByRole('textbox', { name: /Product name/ }), 'Unsaved');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: /back/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(dialog).getByText('All unsaved changes will be lost')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/features/gpsr/product/add');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(await screen.findByRole('link', { name: /back/i }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/features/gpsr'));
    expect(await screen.findByText('list page')).toBeInTheDocument();
  });

  it('lets the page move to the saved product right after saving a new one', async () => {
    const fakes = createPortalFakes({
      session,
      translations: [remote],
      http: { 'POST /gpsr/product/create': (req: { body: unknown }) => product({ ...(req.body as object), id: ID }) },
    });
    const router = createMemoryRouter(
      [
        { path: '/features/gpsr/product/add', element: <ProductEditorPage mode="add" /> },
        { path: '/features/gpsr/product/edit/:productId', element: <p>edit page</p> },
      ],
      { initialEntries: ['/features/gpsr/product/add'] },
    );
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={fakes.i18n}>
        <PortalServicesProvider services={fakes.services}>
          <RouterProvider router={router} />
        </PortalServicesProvider>
      </I18nextProvider>,
    );
    await user.type(screen.getByRole('textbox', { name: /Product name/ }), 'Lamp');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('edit page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/features/gpsr/product/edit/${ID}`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
