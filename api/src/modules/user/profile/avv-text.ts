// Text of the data-processing agreement (Art. 28 GDPR) in German and English.

export interface AvvParty {
  companyName: string;
  name: string;
  street: string;
  postalCodeCity: string;
  country: string;
  email: string;
}

export interface AvvTextInput {
  customer: AvvParty;
  version: string;
  acceptedDate: string | null;
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
  footer: string;
}

export const PROCESSOR = {
  name: 'Portal Software GmbH',
  street: 'Musterstraße 1',
  city: '10115 Berlin',
  country: 'Deutschland / Germany',
  email: 'datenschutz@portal.test',
};

export function avvDocument(lang: 'de' | 'en', input: AvvTextInput): AvvDocument {
  return lang === 'de' ? german(input) : english(input);
}

function german({ version, acceptedDate }: AvvTextInput): AvvDocument {
  return {
    title: 'Vertrag zur Auftragsverarbeitung (AVV)',
    subtitle: 'gemäß Art. 28 Datenschutz-Grundverordnung (DSGVO)',
    partiesHeading: 'Vertragsparteien',
    controllerLabel: 'Verantwortlicher (Auftraggeber)',
    processorLabel: 'Auftragsverarbeiter (Auftragnehmer)',
    processor: [PROCESSOR.name, PROCESSOR.street, PROCESSOR.city, PROCESSOR.country, PROCESSOR.email],
    versionLine: `Vertragsversion: ${version}`,
    acceptanceLine: acceptedDate ? `Akzeptiert am: ${acceptedDate}` : 'Akzeptiert am: noch nicht akzeptiert',
    sections: [
      {
        heading: '1. Gegenstand des Auftrags',
        paragraphs: [
          'Der Auftragnehmer betreibt für den Auftraggeber ein Kundenportal mit Plugins für Online-Shops (u. a. Support-Ticket-Anbindung, mobile App, Produktsicherheitsdokumentation nach GPSR und Auswertung lieferbarer Bestellungen). Dabei verarbeitet der Auftragnehmer personenbezogene Daten ausschließlich im Auftrag und nach Weisung des Auftraggebers.',
        ],
      },
      {
        heading: '2. Dauer des Auftrags',
        paragraphs: [
          'Der Vertrag beginnt mit der Akzeptanz im Portal und läuft, solange der Auftraggeber Leistungen des Portals nutzt. Er endet automatisch mit der Löschung des Kundenkontos, ohne dass es einer gesonderten Kündigung bedarf.',
        ],
      },
      {
        heading: '3. Art und Zweck der Verarbeitung',
        paragraphs: [
          'Erheben, Speichern, Abfragen, Übermitteln und Löschen von Daten zum Zweck der Bereitstellung der gebuchten Plugins: Abgleich von Bestell- und Kundendaten aus der Shop-Datenbank des Auftraggebers mit dem Ticketsystem, Anzeige von Bestellstatus in der mobilen App, Zählung offener Bestellungen sowie Ablage von Dokumenten zur Produktsicherheit.',
        ],
      },
      {
        heading: '4. Art der personenbezogenen Daten',
        paragraphs: [
          'Kontaktdaten (Name, Anschrift, E-Mail-Adresse, Telefonnummer), Bestell- und Vertragsdaten (Bestellnummern, Artikel, Beträge, Versandart, Sendungsstatus), Kommunikationsdaten aus Support-Anfragen sowie Zugangsdaten der Mitarbeiter des Auftraggebers.',
        ],
      },
      {
        heading: '5. Kategorien betroffener Personen',
        paragraphs: [
          'Kunden und Interessenten des Auftraggebers, Beschäftigte und Unterbenutzer des Auftraggebers sowie Ansprechpartner bei Lieferanten und Herstellern.',
        ],
      },
      {
        heading: '6. Rechte und Pflichten des Auftraggebers',
        paragraphs: [
          'Der Auftraggeber ist für die Rechtmäßigkeit der Verarbeitung verantwortlich. Er erteilt Weisungen in Textform und ist berechtigt, die Einhaltung dieses Vertrags und der technischen und organisatorischen Maßnahmen nach vorheriger Anmeldung zu prüfen oder durch einen zur Verschwiegenheit verpflichteten Prüfer prüfen zu lassen.',
        ],
      },
      {
        heading: '7. Pflichten des Auftragnehmers',
        paragraphs: [
          'Der Auftragnehmer verarbeitet die Daten nur auf dokumentierte Weisung, verpflichtet alle mit der Verarbeitung befassten Personen zur Vertraulichkeit, unterstützt den Auftraggeber bei Anfragen betroffener Personen (Art. 12 bis 23 DSGVO) sowie bei den Pflichten aus Art. 32 bis 36 DSGVO und meldet Verletzungen des Schutzes personenbezogener Daten unverzüglich, spätestens binnen 24 Stunden nach Kenntnis.',
        ],
      },
      {
        heading: '8. Technische und organisatorische Maßnahmen',
        paragraphs: [
          'Verschlüsselung der Übertragung (TLS) und gespeicherter Zugangsdaten (AES-256-GCM), rollenbasierte Zugriffskontrolle mit Trennung der Daten je Kunde, Protokollierung von Zugriffen, regelmäßige Datensicherung, Zutrittskontrolle zu den Rechenzentren sowie regelmäßige Überprüfung der Wirksamkeit der Maßnahmen.',
        ],
      },
      {
        heading: '9. Unterauftragsverarbeiter',
        paragraphs: [
          'Der Auftraggeber genehmigt die Einschaltung folgender Unterauftragsverarbeiter: Hosting-Anbieter mit Rechenzentrum in der EU, Anbieter des Identitätsdienstes für die Anmeldung sowie den Zahlungsdienstleister für die Abwicklung von Zahlungen. Über beabsichtigte Änderungen informiert der Auftragnehmer vorab; der Auftraggeber kann aus wichtigem datenschutzrechtlichem Grund widersprechen.',
        ],
      },
      {
        heading: '10. Löschung und Rückgabe',
        paragraphs: [
          'Nach Vertragsende löscht der Auftragnehmer sämtliche im Auftrag verarbeiteten Daten binnen 30 Tagen, sofern keine gesetzliche Aufbewahrungspflicht besteht (z. B. für Rechnungen). Auf Verlangen gibt er die Daten vorher in einem gängigen Format heraus. Die Löschung wird auf Anfrage bestätigt.',
        ],
      },
    ],
    footer: 'Dieser Vertrag wurde elektronisch im Kundenportal geschlossen und ist ohne Unterschrift gültig.',
  };
}

function english({ version, acceptedDate }: AvvTextInput): AvvDocument {
  return {
    title: 'Data Processing Agreement (DPA)',
    subtitle: 'pursuant to Art. 28 of the General Data Protection Regulation (GDPR)',
    partiesHeading: 'Parties',
    controllerLabel: 'Controller (customer)',
    processorLabel: 'Processor (provider)',
    processor: [PROCESSOR.name, PROCESSOR.street, PROCESSOR.city, PROCESSOR.country, PROCESSOR.email],
    versionLine: `Agreement version: ${version}`,
    acceptanceLine: acceptedDate ? `Accepted on: ${acceptedDate}` : 'Accepted on: not yet accepted',
    sections: [
      {
        heading: '1. Subject matter',
        paragraphs: [
          'The processor operates a customer portal with plugins for online shops on behalf of the controller (among others a support-ticket connection, a mobile app, product-safety documentation under the GPSR and an overview of deliverable orders). The processor processes personal data solely on behalf of and on the instructions of the controller.',
        ],
      },
      {
        heading: '2. Duration',
        paragraphs: [
          'The agreement starts when it is accepted in the portal and runs for as long as the controller uses services of the portal. It ends automatically when the customer account is deleted, without separate notice.',
        ],
      },
      {
        heading: '3. Nature and purpose of processing',
        paragraphs: [
          "Collecting, storing, querying, transmitting and erasing data in order to provide the booked plugins: matching order and customer data from the controller's shop database with the ticket system, showing order status in the mobile app, counting open orders and storing product-safety documents.",
        ],
      },
      {
        heading: '4. Categories of personal data',
        paragraphs: [
          "Contact data (name, address, email address, phone number), order and contract data (order numbers, items, amounts, shipping type, shipment status), communication data from support requests and login data of the controller's staff.",
        ],
      },
      {
        heading: '5. Categories of data subjects',
        paragraphs: [
          'Customers and prospects of the controller, employees and sub-users of the controller, and contact persons at suppliers and manufacturers.',
        ],
      },
      {
        heading: '6. Rights and obligations of the controller',
        paragraphs: [
          'The controller is responsible for the lawfulness of the processing. It gives instructions in text form and may, after prior notice, audit compliance with this agreement and with the technical and organisational measures itself or through an auditor bound to confidentiality.',
        ],
      },
      {
        heading: '7. Obligations of the processor',
        paragraphs: [
          'The processor processes data only on documented instructions, commits every person involved to confidentiality, assists the controller with data-subject requests (Art. 12 to 23 GDPR) and with the obligations of Art. 32 to 36 GDPR, and reports personal-data breaches without undue delay, at the latest within 24 hours of becoming aware of them.',
        ],
      },
      {
        heading: '8. Technical and organisational measures',
        paragraphs: [
          'Encryption in transit (TLS) and of stored credentials (AES-256-GCM), role-based access control with separation of data per customer, access logging, regular backups, physical access control to the data centres and regular review of the effectiveness of these measures.',
        ],
      },
      {
        heading: '9. Sub-processors',
        paragraphs: [
          'The controller approves the following sub-processors: a hosting provider with data centres in the EU, the identity service used for sign-in and the payment service provider used for payments. The processor announces intended changes in advance; the controller may object for an important data-protection reason.',
        ],
      },
      {
        heading: '10. Deletion and return',
        paragraphs: [
          'After the end of the agreement the processor erases all data processed on behalf of the controller within 30 days unless a statutory retention duty applies (e.g. for invoices). On request it hands the data over beforehand in a common format. Erasure is confirmed on request.',
        ],
      },
    ],
    footer: 'This agreement was concluded electronically in the customer portal and is valid without signature.',
  };
}
