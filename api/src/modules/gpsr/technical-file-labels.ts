import type { GpsrLanguage } from '@portal/shared/domain';

/** Fixed texts of the generated technical file, per language. */
export const TECHNICAL_FILE_LABELS: Record<
  GpsrLanguage,
  {
    title: string;
    regulation: string;
    product: string;
    version: (n: number) => string;
    draft: string;
    date: string;
    retainedUntil: string;
    progress: string;
    noAnswer: string;
    evidence: string;
    evidenceList: string;
    noEvidence: string;
    bytes: string;
    checklist: string;
  }
> = {
  de: {
    title: 'Technische Dokumentation',
    regulation: 'nach Verordnung (EU) 2023/988 über die allgemeine Produktsicherheit (GPSR)',
    product: 'Produkt',
    version: (n) => `Version ${n} (freigegeben, schreibgeschützt)`,
    draft: 'Entwurf (nicht freigegeben)',
    date: 'Stand',
    retainedUntil: 'Aufzubewahren bis',
    progress: 'Beantwortete Punkte',
    noAnswer: 'Keine Antwort.',
    evidence: 'Nachweise',
    evidenceList: 'Verzeichnis der Nachweisdateien',
    noEvidence: 'Keine Nachweisdateien.',
    bytes: 'Bytes',
    checklist: 'Checkliste',
  },
  en: {
    title: 'Technical documentation',
    regulation: 'under Regulation (EU) 2023/988 on general product safety (GPSR)',
    product: 'Product',
    version: (n) => `Version ${n} (released, read-only)`,
    draft: 'Draft (not released)',
    date: 'Date',
    retainedUntil: 'Keep until',
    progress: 'Points answered',
    noAnswer: 'No answer.',
    evidence: 'Evidence',
    evidenceList: 'List of evidence files',
    noEvidence: 'No evidence files.',
    bytes: 'bytes',
    checklist: 'Checklist',
  },
};
