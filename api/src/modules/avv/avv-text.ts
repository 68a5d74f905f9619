// Frame of the data-processing agreement (Art. 28 GDPR) PDF in German and English; the contract text itself is
// the AVV version's (this module's avv_versions, seeded from the original text by migration 0009).
import { avvTextBlocks } from '@portal/shared/domain';

export interface AvvParty {
  companyName: string;
  name: string;
  street: string;
  postalCodeCity: string;
  country: string;
  email: string;
}

/** The processor: the company that runs the portal (its configuration, shared/config/operating-company.js). */
export interface AvvProcessor {
  name: string;
  street: string;
  postalCodeCity: string;
  country: string;
  register: string;
  managingDirector: string;
  /** Its data-protection contact (PRIVACY_EMAIL). */
  email: string;
}

export interface AvvTextInput {
  customer: AvvParty;
  processor: AvvProcessor;
  version: string;
  acceptedDate: string | null;
  /** The contract text of the version in the document's language (`## ` headings, blank-line paragraphs). */
  body: string;
  subProcessors: { name: string; purpose: string; location: string }[];
}

export interface AvvSection {
  heading: string;
  paragraphs: string[];
}

export interface AvvDocument {
  title: string;
  subtitle: string;
  partiesHeading: string;
  controllerLabel: string;
  processorLabel: string;
  processor: string[];
  versionLine: string;
  acceptanceLine: string;
  sections: AvvSection[];
  subProcessorsHeading: string;
  subProcessorsEmpty: string;
  subProcessorLines: string[];
  footer: string;
}

/** The frame's wording in one language: the parties, the version, the acceptance date and the text are filled in. */
interface AvvWording {
  title: string;
  subtitle: string;
  partiesHeading: string;
  controllerLabel: string;
  processorLabel: string;
  /** What the processor's managing director and data-protection contact are called in its lines. */
  processorTitles: { managingDirector: string; privacy: string };
  versionLabel: string;
  acceptedLabel: string;
  notYetAccepted: string;
  subProcessorsHeading: string;
  subProcessorsEmpty: string;
  footer: string;
}

const WORDING: Record<'de' | 'en', AvvWording> = {
  de: {
    title: 'Vertrag zur Auftragsverarbeitung (AVV)',
    subtitle: 'gemäß Art. 28 Datenschutz-Grundverordnung (DSGVO)',
    partiesHeading: 'Vertragsparteien',
    controllerLabel: 'Verantwortlicher (Auftraggeber)',
    processorLabel: 'Auftragsverarbeiter (Auftragnehmer)',
    processorTitles: { managingDirector: 'Geschäftsführer', privacy: 'Datenschutz' },
    versionLabel: 'Vertragsversion',
    acceptedLabel: 'Akzeptiert am',
    notYetAccepted: 'noch nicht akzeptiert',
    subProcessorsHeading: 'Anlage: Unterauftragsverarbeiter',
    subProcessorsEmpty: 'Keine Unterauftragsverarbeiter.',
    footer: 'Dieser Vertrag wurde elektronisch im Kundenportal geschlossen und ist ohne Unterschrift gültig.',
  },
  en: {
    title: 'Data Processing Agreement (DPA)',
    subtitle: 'pursuant to Art. 28 of the General Data Protection Regulation (GDPR)',
    partiesHeading: 'Parties',
    controllerLabel: 'Controller (customer)',
    processorLabel: 'Processor (provider)',
    processorTitles: { managingDirector: 'Managing director', privacy: 'Data protection' },
    versionLabel: 'Agreement version',
    acceptedLabel: 'Accepted on',
    notYetAccepted: 'not yet accepted',
    subProcessorsHeading: 'Annex: sub-processors',
    subProcessorsEmpty: 'No sub-processors.',
    footer: 'This agreement was concluded electronically in the customer portal and is valid without signature.',
  },
};

/** The processor's lines under its label; empty values (none in production) are left out. */
function processorLines(p: AvvProcessor, titles: AvvWording['processorTitles']): string[] {
  return [
    p.name,
    p.street,
    p.postalCodeCity,
    p.country,
    p.register,
    p.managingDirector && `${titles.managingDirector}: ${p.managingDirector}`,
    p.email && `${titles.privacy}: ${p.email}`,
  ].filter((line) => line.trim() !== '');
}

/** The document in German, or else in English. */
export function avvDocument(lang: 'de' | 'en', input: AvvTextInput): AvvDocument {
  const w = WORDING[lang === 'de' ? 'de' : 'en'];
  return {
    title: w.title,
    subtitle: w.subtitle,
    partiesHeading: w.partiesHeading,
    controllerLabel: w.controllerLabel,
    processorLabel: w.processorLabel,
    processor: processorLines(input.processor, w.processorTitles),
    versionLine: `${w.versionLabel}: ${input.version}`,
    acceptanceLine: `${w.acceptedLabel}: ${input.acceptedDate || w.notYetAccepted}`,
    sections: bodySections(input.body),
    subProcessorsHeading: w.subProcessorsHeading,
    subProcessorsEmpty: w.subProcessorsEmpty,
    subProcessorLines: input.subProcessors.map((p) => `${p.name} — ${p.purpose} — ${p.location}`),
    footer: w.footer,
  };
}

/** Sections of the version's text: a heading opens a section, paragraphs before any heading get an empty one. */
export function bodySections(body: string): AvvSection[] {
  const sections: AvvSection[] = [];
  for (const block of avvTextBlocks(body)) {
    if (block.kind === 'heading') sections.push({ heading: block.text, paragraphs: [] });
    else if (sections.length === 0) sections.push({ heading: '', paragraphs: [block.text] });
    else sections[sections.length - 1].paragraphs.push(block.text);
  }
  return sections;
}
