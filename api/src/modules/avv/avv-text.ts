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

/** The processor's lines under its label; empty values (none in production) are left out. */
function processorLines(p: AvvProcessor, labels: { managingDirector: string; privacy: string }): string[] {
  return [
    p.name,
    p.street,
    p.postalCodeCity,
    p.country,
    p.register,
    p.managingDirector && `${labels.managingDirector}: ${p.managingDirector}`,
    p.email && `${labels.privacy}: ${p.email}`,
  ].filter((line) => line.trim() !== '');
}

export function avvDocument(lang: 'de' | 'en', input: AvvTextInput): AvvDocument {
  return lang === 'de' ? german(input) : english(input);
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

const subProcessorLines = (input: AvvTextInput) =>
  input.subProcessors.map((p) => `${p.name} — ${p.purpose} — ${p.location}`);

function german(input: AvvTextInput): AvvDocument {
  const { version, acceptedDate } = input;
  return {
    title: 'Vertrag zur Auftragsverarbeitung (AVV)',
    subtitle: 'gemäß Art. 28 Datenschutz-Grundverordnung (DSGVO)',
    partiesHeading: 'Vertragsparteien',
    controllerLabel: 'Verantwortlicher (Auftraggeber)',
    processorLabel: 'Auftragsverarbeiter (Auftragnehmer)',
    processor: processorLines(input.processor, { managingDirector: 'Geschäftsführer', privacy: 'Datenschutz' }),
    versionLine: `Vertragsversion: ${version}`,
    acceptanceLine: acceptedDate ? `Akzeptiert am: ${acceptedDate}` : 'Akzeptiert am: noch nicht akzeptiert',
    sections: bodySections(input.body),
    subProcessorsHeading: 'Anlage: Unterauftragsverarbeiter',
    subProcessorsEmpty: 'Keine Unterauftragsverarbeiter.',
    subProcessorLines: subProcessorLines(input),
    footer: 'Dieser Vertrag wurde elektronisch im Kundenportal geschlossen und ist ohne Unterschrift gültig.',
  };
}

function english(input: AvvTextInput): AvvDocument {
  const { version, acceptedDate } = input;
  return {
    title: 'Data Processing Agreement (DPA)',
    subtitle: 'pursuant to Art. 28 of the General Data Protection Regulation (GDPR)',
    partiesHeading: 'Parties',
    controllerLabel: 'Controller (customer)',
    processorLabel: 'Processor (provider)',
    processor: processorLines(input.processor, { managingDirector: 'Managing director', privacy: 'Data protection' }),
    versionLine: `Agreement version: ${version}`,
    acceptanceLine: acceptedDate ? `Accepted on: ${acceptedDate}` : 'Accepted on: not yet accepted',
    sections: bodySections(input.body),
    subProcessorsHeading: 'Annex: sub-processors',
    subProcessorsEmpty: 'No sub-processors.',
    subProcessorLines: subProcessorLines(input),
    footer: 'This agreement was concluded electronically in the customer portal and is valid without signature.',
  };
}
