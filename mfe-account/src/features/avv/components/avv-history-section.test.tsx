import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/shared';
import type { AvvCurrent, AvvHistory, AvvVersion } from '@portal/shared/domain';
import { AvvHistorySection } from './avv-history-section';
import { renderAccount } from '../../../testing/render-account';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';

const v2: AvvVersion = {
  id: 'v2',
  version: '2026-11',
  effectiveDate: '2026-11-20',
  summary: { de: 'Neu', en: 'New' },
  text: { de: '## 1\n\nText', en: '## 1\n\nText' },
  subProcessors: [
    { name: 'Beispiel Hosting AG', purpose: 'Hosting', location: 'Frankfurt am Main' },
    { name: 'PayPal (Europe)', purpose: 'Zahlungen / payments', location: 'Luxemburg' },
  ],
  publishedAt: '2026-11-20T08:00:00.000Z',
  publishedBy: 'staff@portal.test',
};

const history: AvvHistory = {
  acceptances: [
    {
      id: 'a2',
      versionId: 'v2',
      version: '2026-11',
      effectiveDate: '2026-11-20',
      acceptedAt: '2026-11-21T09:30:00.000Z',
      acceptedBy: 'seller@shop.test',
    },
    {
      id: 'a1',
      versionId: 'v1',
      version: '2026-01',
      effectiveDate: '2026-01-01',
      acceptedAt: '2026-02-03T10:00:00.000Z',
      acceptedBy: 'old-address@shop.test',
    },
  ],
};

const current = (overrides: Partial<AvvCurrent> = {}): AvvCurrent => ({
  current: v2,
  acceptedVersion: history.acceptances[0],
  needsReacceptance: false,
  ...overrides,
});

describe('AvvHistorySection', () => {
  it('English: lists every acceptance (version, date, who) and the sub-processors of the version in force', async () => {
    renderAccount(<AvvHistorySection />, {
      http: { 'GET /avv/current': current(), 'GET /avv/history': history },
    });
    expect(screen.getByText(en.avv_history_loading)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: en.avv_history_title });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Version', 'Applies since', 'Accepted on', 'Accepted by']);
    expect(rows[1]).toHaveTextContent('2026-11');
    expect(rows[1]).toHaveTextContent('20.11.2026');
    expect(rows[1]).toHaveTextContent('seller@shop.test');
    expect(rows[2]).toHaveTextContent('2026-01');
    expect(rows[2]).toHaveTextContent('old-address@shop.test');
    expect(screen.getByText(/Version 2026-11 applies since 20.11.2026. You have accepted it./)).toBeInTheDocument();

    const subs = screen.getByRole('table', { name: 'Sub-processors (version 2026-11)' });
    expect(
      within(subs).getByRole('row', { name: /Beispiel Hosting AG Hosting Frankfurt am Main/ }),
    ).toBeInTheDocument();
    expect(within(subs).getAllByRole('row')).toHaveLength(3);
  });

  it('German: says the version in force is not accepted yet and names the columns in German', async () => {
    renderAccount(<AvvHistorySection />, {
      language: 'de',
      http: {
        'GET /avv/current': current({ needsReacceptance: true, acceptedVersion: history.acceptances[1] }),
        'GET /avv/history': { acceptances: [history.acceptances[1]] },
      },
    });
    const table = await screen.findByRole('table', { name: de.avv_history_title });
    expect(within(table).getByRole('columnheader', { name: 'Akzeptiert von' })).toBeInTheDocument();
    expect(screen.getByText(/Sie haben ihr noch nicht zugestimmt/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Unterauftragsverarbeiter (Version 2026-11)' })).toBeInTheDocument();
  });

  it('says so when nothing was accepted yet and when a version names no sub-processors', async () => {
    renderAccount(<AvvHistorySection />, {
      http: {
        'GET /avv/current': current({ current: { ...v2, subProcessors: [] }, acceptedVersion: null }),
        'GET /avv/history': { acceptances: [] },
      },
    });
    expect(await screen.findByText(en.avv_history_empty)).toBeInTheDocument();
    expect(screen.getByText(en.avv_subprocessors_empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the load error with Try again, which loads again', async () => {
    let fail = true;
    const { user, http } = renderAccount(<AvvHistorySection />, {
      http: {
        'GET /avv/current': () => {
          if (fail) throw new ApiError(503, 'database-unavailable', 'down');
          return current();
        },
        'GET /avv/history': history,
      },
    });
    expect(await screen.findByText(en.avv_history_error)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: en.avv_history_retry }));
    expect(await screen.findByRole('table', { name: en.avv_history_title })).toBeInTheDocument();
    await waitFor(() => expect(http.callsTo('GET /avv/current')).toHaveLength(2));
  });

  it('on a phone lists acceptances and sub-processors as blocks, not as tables wider than the screen', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      renderAccount(<AvvHistorySection />, {
        http: { 'GET /avv/current': current(), 'GET /avv/history': history },
      });
      const list = await screen.findByRole('list', { name: en.avv_history_title });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Accepted by: seller@shop.test');
      const subs = screen.getByRole('list', { name: 'Sub-processors (version 2026-11)' });
      expect(within(subs).getAllByRole('listitem')[0]).toHaveTextContent('Beispiel Hosting AG');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
