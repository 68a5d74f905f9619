import type { AvvCurrent, AvvVersion } from '@portal/shared/domain';

export const AVV_V1: AvvVersion = {
  id: '00000000-0000-4000-8000-000000000001',
  version: '2026-01',
  effectiveDate: '2026-01-01',
  summary: { de: 'Erste Fassung.', en: 'First version.' },
  text: {
    de: '## 1. Gegenstand\n\nDer Auftragnehmer betreibt ein Kundenportal mit Rechenzentrum in der EU.',
    en: '## 1. Subject matter\n\nThe processor operates a customer portal with data centres in the EU.',
  },
  subProcessors: [
    { name: 'Old Hosting GmbH', purpose: 'Hosting', location: 'EU' },
    { name: 'PayPal (Europe)', purpose: 'Payments', location: 'Luxembourg' },
  ],
  publishedAt: '2026-01-01T00:00:00.000Z',
  publishedBy: null,
};

export const AVV_V2: AvvVersion = {
  id: '11111111-1111-4111-8111-111111111111',
  version: '2026-11',
  effectiveDate: '2026-11-20',
  summary: { de: 'Neuer Hosting-Anbieter in Frankfurt.', en: 'New hosting provider in Frankfurt.' },
  text: {
    de: '## 1. Gegenstand\n\nDer Auftragnehmer betreibt ein Kundenportal mit Rechenzentrum in Frankfurt.',
    en: '## 1. Subject matter\n\nThe processor operates a customer portal with data centres in Frankfurt.',
  },
  subProcessors: [
    { name: 'Beispiel Hosting AG', purpose: 'Hosting', location: 'Frankfurt am Main' },
    { name: 'PayPal (Europe)', purpose: 'Payments', location: 'Luxembourg' },
  ],
  publishedAt: '2026-11-20T08:00:00.000Z',
  publishedBy: 'staff@portal.test',
};

/** GET /avv/current of a seller who accepted version 1 when version 2 is in force. */
export function avvNeedsReacceptance(): AvvCurrent {
  return {
    current: AVV_V2,
    acceptedVersion: {
      id: 'acc-1',
      versionId: AVV_V1.id,
      version: AVV_V1.version,
      effectiveDate: AVV_V1.effectiveDate,
      acceptedAt: '2026-02-03T10:00:00.000Z',
      acceptedBy: 'seller@shop.test',
    },
    needsReacceptance: true,
  };
}

/** GET /avv/current of a seller who accepted the version in force. */
export function avvUpToDate(): AvvCurrent {
  return {
    current: AVV_V1,
    acceptedVersion: {
      id: 'acc-1',
      versionId: AVV_V1.id,
      version: AVV_V1.version,
      effectiveDate: AVV_V1.effectiveDate,
      acceptedAt: '2026-02-03T10:00:00.000Z',
      acceptedBy: 'seller@shop.test',
    },
    needsReacceptance: false,
  };
}
