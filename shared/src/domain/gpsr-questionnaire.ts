/**
 * The GPSR questionnaire (spec §3) as data: 11 topics; topic 1 has 7 questions of up to 6 points, topics 2–11 have
 * 1–2 questions of one point. Ids follow t{n}q{n}p{n}. Texts are written from Regulation (EU) 2023/988 (GPSR) in its
 * adopted numbering: Art. 5 general safety requirement, Art. 6 aspects for assessing safety, Art. 7 presumption of
 * safety (European standards), Art. 9 manufacturers, Art. 11 importers, Art. 12 distributors, Art. 16 economic
 * operator responsible in the Union, Art. 19 distance sales, Art. 20 accidents, Art. 22 online marketplaces,
 * Art. 35/36 recalls. (Some older tools cite the 2021 proposal's numbering, where manufacturers were Art. 8.)
 * Used by the editor (texts by language), the list and the api (progress, the PDF technical file).
 */

export type GpsrLanguage = 'de' | 'en';
export type GpsrText = Readonly<Record<GpsrLanguage, string>>;

export interface GpsrPoint {
  /** t{n}q{n}p{n} */
  id: string;
  topicId: string;
  questionId: string;
  pointId: string;
  title: GpsrText;
  example: GpsrText;
  /** Article of Regulation (EU) 2023/988 the point answers, e.g. 'Art. 9(2)'. */
  article: string;
  link?: string;
}

export interface GpsrQuestion {
  id: string;
  title: GpsrText;
  points: readonly GpsrPoint[];
}

export interface GpsrTopic {
  id: string;
  title: GpsrText;
  questions: readonly GpsrQuestion[];
}

const EUR_LEX_GPSR = 'https://eur-lex.europa.eu/eli/reg/2023/988/oj';
const SAFETY_BUSINESS_GATEWAY = 'https://ec.europa.eu/safety-gate/';

type PointInput = { title: GpsrText; example: GpsrText; article: string; link?: string };
type QuestionInput = { title: GpsrText; points: PointInput[] };
type TopicInput = { title: GpsrText; questions: QuestionInput[] };

const T: TopicInput[] = [
  {
    title: { de: 'Produktsicherheit und Risikobewertung', en: 'Product safety and risk assessment' },
    questions: [
      {
        title: { de: 'Produktbeschreibung', en: 'Product description' },
        points: [
          {
            title: {
              de: 'Allgemeine Beschreibung des Produkts und seines Verwendungszwecks',
              en: 'General description of the product and its intended use',
            },
            example: {
              de: 'Kinder-Trinkflasche aus Edelstahl, 350 ml, mit Silikon-Trinkhalm; für Kinder ab 3 Jahren.',
              en: 'Stainless-steel children’s drinking bottle, 350 ml, with silicone straw; for children aged 3 and over.',
            },
            article: 'Art. 9(2)',
            link: EUR_LEX_GPSR,
          },
          {
            title: {
              de: 'Für die Sicherheit wesentliche Eigenschaften (Materialien, Abmessungen, Energiequellen)',
              en: 'Characteristics essential for safety (materials, dimensions, energy sources)',
            },
            example: {
              de: 'Edelstahl 18/8, lebensmittelechtes Silikon (LFGB), keine Batterien, Deckel mit Kleinteilen Ø 12 mm.',
              en: 'Stainless steel 18/8, food-grade silicone, no batteries, lid contains small parts of 12 mm diameter.',
            },
            article: 'Art. 9(2)',
          },
          {
            title: {
              de: 'Vorhersehbare Verwendung und vorhersehbare Fehlanwendung',
              en: 'Reasonably foreseeable use and misuse',
            },
            example: {
              de: 'Bestimmungsgemäß: Wasser und Saft. Vorhersehbar: heiße Getränke, Herunterfallen, Kauen am Halm.',
              en: 'Intended: water and juice. Foreseeable: hot drinks, dropping the bottle, chewing the straw.',
            },
            article: 'Art. 6(1)',
          },
          {
            title: {
              de: 'Verbrauchergruppen mit erhöhtem Risiko (z. B. Kinder, ältere Menschen)',
              en: 'Consumer groups at higher risk (e.g. children, older people)',
            },
            example: {
              de: 'Kinder ab 3 Jahren; Erstickungsgefahr durch ablösbare Kleinteile wurde gesondert geprüft.',
              en: 'Children aged 3 and over; choking hazard from detachable small parts assessed separately.',
            },
            article: 'Art. 6(1)(d)',
          },
        ],
      },
      {
        title: { de: 'Gefahrenermittlung', en: 'Hazard identification' },
        points: [
          {
            title: {
              de: 'Ermittelte Gefahren (mechanisch, chemisch, elektrisch, thermisch, Brand)',
              en: 'Identified hazards (mechanical, chemical, electrical, thermal, fire)',
            },
            example: {
              de: 'Scharfe Kanten am Gewinde, Migration von Stoffen aus dem Silikon, Verbrühung bei heißen Getränken.',
              en: 'Sharp edges at the thread, migration of substances from the silicone, scalding with hot drinks.',
            },
            article: 'Art. 9(2)',
          },
          {
            title: {
              de: 'Wirkung auf andere Produkte, wenn eine gemeinsame Verwendung vorhersehbar ist',
              en: 'Effect on other products where use together is foreseeable',
            },
            example: {
              de: 'Nicht für die Spülmaschine über 65 °C; keine Wechselwirkung mit üblichem Zubehör bekannt.',
              en: 'Not for dishwashers above 65 °C; no known interaction with common accessories.',
            },
            article: 'Art. 6(1)(b)',
          },
          {
            title: {
              de: 'Digitale Eigenschaften: Cybersicherheit und lernende Funktionen (falls zutreffend)',
              en: 'Digital features: cybersecurity and evolving or learning functions (if applicable)',
            },
            example: {
              de: 'Trifft nicht zu: das Produkt hat keine Software und keine Netzwerkverbindung.',
              en: 'Not applicable: the product has no software and no network connection.',
            },
            article: 'Art. 6(1)(g)–(h)',
          },
        ],
      },
      {
        title: { de: 'Risikoanalyse und Maßnahmen', en: 'Risk analysis and measures' },
        points: [
          {
            title: { de: 'Methode der internen Risikoanalyse', en: 'Method of the internal risk analysis' },
            example: {
              de: 'Bewertung von Schwere und Wahrscheinlichkeit nach der Risikobewertungsmethode von Safety Gate.',
              en: 'Severity and probability rated with the Safety Gate risk assessment method.',
            },
            article: 'Art. 9(2)',
          },
          {
            title: { de: 'Bewertung jedes ermittelten Risikos', en: 'Assessment of each identified risk' },
            example: {
              de: 'Verbrühung: Schwere 2, Wahrscheinlichkeit gering – geringes Risiko. Kleinteile: Schwere 4 – hoch.',
              en: 'Scalding: severity 2, low probability – low risk. Small parts: severity 4 – high.',
            },
            article: 'Art. 9(2)',
          },
          {
            title: {
              de: 'Lösungen zur Beseitigung oder Minderung der Risiken',
              en: 'Solutions adopted to eliminate or mitigate the risks',
            },
            example: {
              de: 'Halm fest verschweißt (Zugkraft 90 N geprüft), entgratetes Gewinde, Warnhinweis „Nicht für heiße Getränke“.',
              en: 'Straw welded in place (90 N pull test), deburred thread, warning “Not for hot drinks”.',
            },
            article: 'Art. 9(2)',
          },
          {
            title: { de: 'Verbleibende Restrisiken', en: 'Remaining residual risks' },
            example: {
              de: 'Restrisiko Sturz aus Höhe: akzeptabel, Hinweis in der Gebrauchsanleitung.',
              en: 'Residual risk of a fall from height: acceptable, mentioned in the instructions.',
            },
            article: 'Art. 5',
          },
          {
            title: { de: 'Ergebnisse von Prüfberichten', en: 'Outcome of test reports' },
            example: {
              de: 'Prüfbericht Nr. 2024-118 des Labors XY vom 03.02.2024: Migration und Kleinteile bestanden.',
              en: 'Test report no. 2024-118 of laboratory XY dated 03.02.2024: migration and small parts passed.',
            },
            article: 'Art. 9(2)',
          },
          {
            title: { de: 'Zeitpunkt der letzten Überprüfung der Analyse', en: 'Date the analysis was last reviewed' },
            example: {
              de: 'Zuletzt überprüft am 15.01.2025 nach Änderung des Deckel-Lieferanten.',
              en: 'Last reviewed on 15.01.2025 after the lid supplier changed.',
            },
            article: 'Art. 9(3)',
          },
        ],
      },
      {
        title: { de: 'Normen und Anforderungen', en: 'Standards and requirements' },
        points: [
          {
            title: {
              de: 'Angewandte europäische Normen (Fundstelle im Amtsblatt)',
              en: 'European standards applied (reference in the Official Journal)',
            },
            example: { de: 'EN 14350:2020 (Trinkgeräte für Kinder).', en: 'EN 14350:2020 (child drinking equipment).' },
            article: 'Art. 7(1)',
          },
          {
            title: {
              de: 'Andere angewandte Elemente (nationale Normen, Empfehlungen, Stand der Technik)',
              en: 'Other elements applied (national standards, recommendations, state of the art)',
            },
            example: {
              de: 'BfR-Empfehlung XV für Silikone; Stand der Technik laut Branchenleitfaden.',
              en: 'BfR recommendation XV for silicones; state of the art per the industry guide.',
            },
            article: 'Art. 8',
          },
          {
            title: {
              de: 'Nur teilweise angewandte Normen und welche Teile',
              en: 'Standards applied only in part, and which parts',
            },
            example: {
              de: 'EN 14350 Abschnitt 5.3 nicht angewandt, da kein Sauger vorhanden.',
              en: 'EN 14350 clause 5.3 not applied because there is no teat.',
            },
            article: 'Art. 9(2)',
          },
        ],
      },
      {
        title: { de: 'Serienfertigung', en: 'Series production' },
        points: [
          {
            title: {
              de: 'Verfahren, damit Serienprodukte sicher bleiben',
              en: 'Procedures keeping products made in series safe',
            },
            example: {
              de: 'Wareneingangsprüfung je Charge, jährliche Wiederholungsprüfung im Labor.',
              en: 'Incoming inspection per batch, yearly repeat test in the laboratory.',
            },
            article: 'Art. 9(4)',
          },
          {
            title: {
              de: 'Umgang mit Änderungen an Design, Material oder Lieferanten',
              en: 'Handling of changes to design, material or suppliers',
            },
            example: {
              de: 'Jede Änderung löst eine neue Risikoanalyse und eine neue Freigabe aus.',
              en: 'Every change triggers a new risk analysis and a new release.',
            },
            article: 'Art. 9(4)',
          },
        ],
      },
      {
        title: { de: 'Marktbeobachtung', en: 'Market monitoring' },
        points: [
          {
            title: {
              de: 'Öffentliche Kommunikationskanäle für Beschwerden und Unfälle',
              en: 'Public communication channels for complaints and accidents',
            },
            example: {
              de: 'Telefon, E-Mail sicherheit@beispiel.de und Formular unter /produktsicherheit.',
              en: 'Phone, email safety@example.com and a form at /product-safety.',
            },
            article: 'Art. 9',
          },
          {
            title: {
              de: 'Internes Register von Beschwerden, Rückrufen und Korrekturmaßnahmen',
              en: 'Internal register of complaints, recalls and corrective measures',
            },
            example: {
              de: 'Register im Ticketsystem, Kategorie „Produktsicherheit“, monatlich ausgewertet.',
              en: 'Register in the ticket system, category “product safety”, reviewed monthly.',
            },
            article: 'Art. 9',
          },
        ],
      },
      {
        title: { de: 'Aufmachung und Kennzeichnung', en: 'Presentation and labelling' },
        points: [
          {
            title: {
              de: 'Warnhinweise und Altersangaben auf Produkt und Verpackung',
              en: 'Warnings and age information on product and packaging',
            },
            example: {
              de: '„Nur unter Aufsicht von Erwachsenen verwenden.“ auf der Verpackung.',
              en: '“Use only under adult supervision.” on the packaging.',
            },
            article: 'Art. 6(1)(c)',
          },
          {
            title: {
              de: 'Aussehen: keine Verwechslung mit Lebensmitteln oder Spielzeug',
              en: 'Appearance: no confusion with food or toys',
            },
            example: {
              de: 'Form und Farbe geprüft; das Produkt ahmt keine Lebensmittel nach.',
              en: 'Shape and colour checked; the product does not imitate food.',
            },
            article: 'Art. 6(1)(e)',
          },
        ],
      },
    ],
  },
  {
    title: { de: 'Technische Dokumentation', en: 'Technical documentation' },
    questions: [
      {
        title: { de: 'Inhalt der Dokumentation', en: 'Content of the documentation' },
        points: [
          {
            title: {
              de: 'Technische Dokumentation erstellt und aktuell gehalten',
              en: 'Technical documentation drawn up and kept up to date',
            },
            example: {
              de: 'Dokumentation Version 3 vom 15.01.2025 mit Beschreibung, Risikoanalyse, Prüfberichten und Normenliste.',
              en: 'Documentation version 3 of 15.01.2025 with description, risk analysis, test reports and list of standards.',
            },
            article: 'Art. 9(2)',
          },
        ],
      },
      {
        title: { de: 'Aufbewahrung', en: 'Retention' },
        points: [
          {
            title: {
              de: 'Aufbewahrung für 10 Jahre nach dem Inverkehrbringen',
              en: 'Kept for 10 years after the product is placed on the market',
            },
            example: {
              de: 'Freigegebene Versionen werden im Portal 10 Jahre aufbewahrt und der Behörde auf Verlangen übergeben.',
              en: 'Released versions are kept in the portal for 10 years and handed to the authority on request.',
            },
            article: 'Art. 9(3)',
          },
        ],
      },
    ],
  },
  {
    title: { de: 'Rückverfolgbarkeit und Identifizierung', en: 'Traceability and identification' },
    questions: [
      {
        title: { de: 'Produktkennzeichnung', en: 'Product identification' },
        points: [
          {
            title: {
              de: 'Typen-, Chargen- oder Seriennummer auf dem Produkt',
              en: 'Type, batch or serial number on the product',
            },
            example: {
              de: 'Chargennummer in den Boden graviert; bei zu kleinen Produkten auf der Verpackung.',
              en: 'Batch number engraved in the base; on the packaging where the product is too small.',
            },
            article: 'Art. 9(5)',
          },
        ],
      },
      {
        title: { de: 'Herstellerangaben', en: 'Manufacturer details' },
        points: [
          {
            title: {
              de: 'Name, eingetragene Marke, Post- und elektronische Adresse des Herstellers',
              en: 'Name, registered trade mark, postal and electronic address of the manufacturer',
            },
            example: {
              de: 'Beispiel GmbH, Musterweg 1, 20095 Hamburg, sicherheit@beispiel.de – auf dem Etikett.',
              en: 'Example GmbH, Musterweg 1, 20095 Hamburg, safety@example.com – on the label.',
            },
            article: 'Art. 9(6)',
          },
        ],
      },
    ],
  },
  {
    title: { de: 'Gebrauchsanleitung und Sicherheitsinformationen', en: 'Instructions and safety information' },
    questions: [
      {
        title: { de: 'Anleitung', en: 'Instructions' },
        points: [
          {
            title: {
              de: 'Anleitung und Sicherheitsinformationen in der Sprache des Ziellands',
              en: 'Instructions and safety information in the language of the target country',
            },
            example: {
              de: 'Beiliegende Anleitung auf Deutsch, Französisch und Italienisch; Warnhinweise auf der Verpackung.',
              en: 'Enclosed instructions in German, French and Italian; warnings on the packaging.',
            },
            article: 'Art. 9(7)',
          },
        ],
      },
    ],
  },
  {
    title: { de: 'CE-Kennzeichnung und Konformität', en: 'CE marking and conformity' },
    questions: [
      {
        title: { de: 'Harmonisierungsrecht der Union', en: 'Union harmonisation legislation' },
        points: [
          {
            title: {
              de: 'Geltende Harmonisierungsrechtsakte (z. B. Spielzeug, Elektro) und CE-Kennzeichnung',
              en: 'Applicable harmonisation acts (e.g. toys, electrical) and CE marking',
            },
            example: {
              de: 'Keine CE-Pflicht: kein Spielzeug, kein Elektrogerät. Lebensmittelkontakt nach VO (EG) 1935/2004.',
              en: 'No CE marking required: not a toy, not electrical. Food contact per Regulation (EC) 1935/2004.',
            },
            article: 'Art. 2(1)',
          },
        ],
      },
      {
        title: { de: 'Konformitätsnachweise', en: 'Evidence of conformity' },
        points: [
          {
            title: {
              de: 'EU-Konformitätserklärung oder Nachweis der Vermutung der Sicherheit',
              en: 'EU declaration of conformity or evidence for the presumption of safety',
            },
            example: {
              de: 'Konformitätserklärung zum Lebensmittelkontakt vom 10.01.2025; Prüfung nach EN 14350 bestanden.',
              en: 'Food-contact declaration of compliance of 10.01.2025; EN 14350 test passed.',
            },
            article: 'Art. 7(1)',
          },
        ],
      },
    ],
  },
  {
    title: { de: 'Pflichten des Importeurs', en: 'Importer obligations' },
    questions: [
      {
        title: { de: 'Prüfung vor dem Inverkehrbringen', en: 'Checks before placing on the market' },
        points: [
          {
            title: {
              de: 'Geprüft: Risikoanalyse, Dokumentation und Kennzeichnung des Herstellers',
              en: 'Checked: the manufacturer’s risk analysis, documentation and labelling',
            },
            example: {
              de: 'Dokumentation des Herstellers aus China am 20.01.2025 geprüft; Etikett trägt Hersteller und Charge.',
              en: 'Documentation of the manufacturer in China checked on 20.01.2025; label shows manufacturer and batch.',
            },
            article: 'Art. 11',
          },
        ],
      },
      {
        title: { de: 'Angaben des Importeurs', en: 'Importer details' },
        points: [
          {
            title: {
              de: 'Name, Marke und Kontaktadresse des Importeurs auf Produkt oder Verpackung',
              en: 'Importer’s name, trade mark and contact address on the product or packaging',
            },
            example: {
              de: 'Aufkleber „Importeur: Beispiel GmbH, Musterweg 1, 20095 Hamburg“ neben den Herstellerangaben.',
              en: 'Sticker “Importer: Example GmbH, Musterweg 1, 20095 Hamburg” next to the manufacturer details.',
            },
            article: 'Art. 11',
          },
        ],
      },
    ],
  },
  {
    title: { de: 'Lagerung und Transport', en: 'Storage and transport' },
    questions: [
      {
        title: { de: 'Bedingungen', en: 'Conditions' },
        points: [
          {
            title: {
              de: 'Lager- und Transportbedingungen gefährden die Sicherheit nicht',
              en: 'Storage and transport conditions do not jeopardise safety',
            },
            example: {
              de: 'Trocken bei 5–30 °C gelagert, in Originalkartons, vor direkter Sonne geschützt.',
              en: 'Stored dry at 5–30 °C in original boxes, protected from direct sunlight.',
            },
            article: 'Art. 11, Art. 12',
          },
        ],
      },
    ],
  },
  {
    title: { de: 'Meldung und Korrekturmaßnahmen', en: 'Notification and corrective actions' },
    questions: [
      {
        title: { de: 'Gefährliche Produkte', en: 'Dangerous products' },
        points: [
          {
            title: {
              de: 'Vorgehen bei einem gefährlichen Produkt: Korrekturmaßnahmen, Information der Verbraucher',
              en: 'Procedure for a dangerous product: corrective measures, informing consumers',
            },
            example: {
              de: 'Verkauf sofort stoppen, Rücknahme oder Rückruf, Kunden per E-Mail informieren, Rückrufanzeige.',
              en: 'Stop sales at once, withdraw or recall, inform customers by email, publish a recall notice.',
            },
            article: 'Art. 9, Art. 35, Art. 36',
          },
        ],
      },
      {
        title: { de: 'Meldung an die Behörden', en: 'Notification to the authorities' },
        points: [
          {
            title: {
              de: 'Meldung über das Safety Business Gateway an die Marktüberwachungsbehörden',
              en: 'Notification to the market surveillance authorities through the Safety Business Gateway',
            },
            example: {
              de: 'Verantwortliche Person und Zugang zum Safety Business Gateway festgelegt (Vertretung benannt).',
              en: 'Responsible person and access to the Safety Business Gateway set up (deputy named).',
            },
            article: 'Art. 9, Art. 20',
            link: SAFETY_BUSINESS_GATEWAY,
          },
        ],
      },
    ],
  },
  {
    title: { de: 'Konformität im Online-Handel', en: 'Online sales compliance' },
    questions: [
      {
        title: { de: 'Angaben im Online-Angebot', en: 'Information in the online offer' },
        points: [
          {
            title: {
              de: 'Hersteller, verantwortliche Person in der EU, Produktkennung, Bild und Warnhinweise im Angebot',
              en: 'Manufacturer, responsible person in the EU, product identifier, picture and warnings in the offer',
            },
            example: {
              de: 'Produktseite zeigt Herstelleradresse, EU-Verantwortlichen, Chargen-/Typnummer, Foto und Warnhinweise.',
              en: 'Product page shows the manufacturer address, EU responsible person, type/batch number, photo and warnings.',
            },
            article: 'Art. 19',
          },
        ],
      },
      {
        title: { de: 'Verantwortlicher Wirtschaftsakteur', en: 'Responsible economic operator' },
        points: [
          {
            title: {
              de: 'In der Union niedergelassener verantwortlicher Wirtschaftsakteur benannt',
              en: 'Responsible economic operator established in the Union named',
            },
            example: {
              de: 'Beispiel GmbH (Importeur) übernimmt die Aufgaben nach Art. 4 der VO (EU) 2019/1020.',
              en: 'Example GmbH (importer) performs the tasks of Art. 4 of Regulation (EU) 2019/1020.',
            },
            article: 'Art. 16, Art. 22',
          },
        ],
      },
    ],
  },
  {
    title: { de: 'Vorfall- und Beschwerdemanagement', en: 'Incident and complaint handling' },
    questions: [
      {
        title: { de: 'Unfälle', en: 'Accidents' },
        points: [
          {
            title: {
              de: 'Meldung von Unfällen mit dem Produkt über das Safety Business Gateway',
              en: 'Notification of accidents caused by the product through the Safety Business Gateway',
            },
            example: {
              de: 'Unfallmeldung unverzüglich nach Kenntnis; Ablauf im Handbuch Kapitel 4 beschrieben.',
              en: 'Accident reported without undue delay after becoming aware; procedure in handbook chapter 4.',
            },
            article: 'Art. 20',
            link: SAFETY_BUSINESS_GATEWAY,
          },
        ],
      },
    ],
  },
  {
    title: { de: 'Schulung der Mitarbeitenden', en: 'Staff training' },
    questions: [
      {
        title: { de: 'Schulung', en: 'Training' },
        points: [
          {
            title: {
              de: 'Schulung der Mitarbeitenden zu Produktsicherheit, Beschwerden und Meldewegen',
              en: 'Staff trained on product safety, complaints and notification routes',
            },
            example: {
              de: 'Jährliche Schulung für Einkauf und Kundenservice, zuletzt am 12.02.2025, Teilnehmerliste angehängt.',
              en: 'Yearly training for purchasing and customer service, last on 12.02.2025, attendance list attached.',
            },
            article: 'Art. 9(4)',
          },
        ],
      },
    ],
  },
];

/** The questionnaire with ids t{n}q{n}p{n} derived from the position. */
export const GPSR_TOPICS: readonly GpsrTopic[] = T.map((topic, ti) => {
  const topicId = `t${ti + 1}`;
  return {
    id: topicId,
    title: topic.title,
    questions: topic.questions.map((question, qi) => {
      const questionId = `q${qi + 1}`;
      return {
        id: questionId,
        title: question.title,
        points: question.points.map((point, pi) => {
          const pointId = `p${pi + 1}`;
          return { id: `${topicId}${questionId}${pointId}`, topicId, questionId, pointId, ...point };
        }),
      };
    }),
  };
});

/** Every point of the questionnaire in order. */
export const GPSR_POINTS: readonly GpsrPoint[] = GPSR_TOPICS.flatMap((t) => t.questions.flatMap((q) => q.points));

/** The checklist sentence of the technical file and the editor (retention duty of Art. 9(3)). */
export const GPSR_RETENTION_CHECKLIST: GpsrText = {
  de: 'Die technische Dokumentation wird mindestens 10 Jahre nach dem Inverkehrbringen des Produkts aufbewahrt und den Marktüberwachungsbehörden auf Verlangen zur Verfügung gestellt (Art. 9 Abs. 3 VO (EU) 2023/988).',
  en: 'The technical documentation is kept for at least 10 years after the product has been placed on the market and made available to the market surveillance authorities on request (Art. 9(3) Regulation (EU) 2023/988).',
};

export function findGpsrPoint(topicId: string, questionId: string, pointId: string): GpsrPoint | undefined {
  return GPSR_POINTS.find((p) => p.topicId === topicId && p.questionId === questionId && p.pointId === pointId);
}
