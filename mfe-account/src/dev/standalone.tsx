// `npm run dev` in mfe-account: the remote alone on http://127.0.0.1:3101 with fake services and demo data.
import { createRoot } from 'react-dom/client';
import { ApiError } from '@portal/shared';
import { type SubUser } from '@portal/shared/domain';
import { StandalonePortal, demoSubUsers, type FakeRequest } from '@portal/shared/standalone';
import remote from '../remote';
import { demoPdfBase64 } from './demo-pdf';

const STANDALONE_AVV = {
  id: 'standalone-avv',
  version: '1.0',
  effectiveDate: '2026-01-01',
  summary: { de: 'Erste Fassung.', en: 'First version.' },
  text: { de: '## 1. Gegenstand\n\nBeispieltext.', en: '## 1. Subject matter\n\nSample text.' },
  subProcessors: [{ name: 'Beispiel Hosting AG', purpose: 'Hosting', location: 'EU' }],
  publishedAt: '2026-01-01T00:00:00.000Z',
  publishedBy: null,
};
const STANDALONE_ACCEPTANCE = {
  id: 'standalone-acceptance',
  versionId: 'standalone-avv',
  version: '1.0',
  effectiveDate: '2026-01-01',
  acceptedAt: '2026-01-02T09:00:00.000Z',
  acceptedBy: 'demo@portal.test',
};

let subUsers: SubUser[] = demoSubUsers();

const savedDataSource = (req: FakeRequest) => ({
  ...(req.body as object),
  password: undefined,
  userEmails: [],
  status: 'active',
});

const routes = {
  'GET /user/profile/avv/download': (req: FakeRequest) => ({
    pdf: demoPdfBase64(
      req.query.lang === 'en' ? 'Data-processing agreement (demo)' : 'Auftragsverarbeitungsvertrag (Demo)',
    ),
  }),
  'POST /user/profile/avv-accepted-date': () => ({ avvAcceptedDate: new Date().toISOString(), version: '1.0' }),
  'GET /avv/current': () => ({
    current: STANDALONE_AVV,
    acceptedVersion: STANDALONE_ACCEPTANCE,
    needsReacceptance: false,
  }),
  'GET /avv/history': () => ({ acceptances: [STANDALONE_ACCEPTANCE] }),
  'POST /user/ds/test': (req: FakeRequest) => {
    const body = req.body as { host?: string };
    if (body.host?.includes('fail'))
      throw new ApiError(422, 'connection-test-failed', 'Connection refused (demo: host contains "fail")');
    return { ok: true, message: 'Connected' };
  },
  'POST /user/ds': savedDataSource,
  'PUT /user/ds': savedDataSource,
  'GET /user/subusers': () => subUsers,
  'POST /user/subusers': (req: FakeRequest) => {
    const body = req.body as { name: string; email: string };
    if (subUsers.length >= 3) throw new ApiError(403, 'max-users-reached', 'Maximum number of users reached');
    const created: SubUser = {
      id: `sub-${Date.now()}`,
      name: body.name,
      email: body.email,
      createdAt: new Date().toISOString(),
    };
    subUsers = [...subUsers, created];
    return created;
  },
  'DELETE /user/subusers': (req: FakeRequest) => {
    subUsers = subUsers.filter((u) => u.id !== req.query.id);
    return null;
  },
};

const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(<StandalonePortal remote={remote} options={{ routes }} />);
