/**
 * The GPSR questionnaire as data: 11 topics; topic 1 has 7 questions of up to 6 points, topics 2–11 have
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

// The questionnaire below is a table: one call per topic, question and point, texts in German, then in English.
const topic = (de: string, en: string, questions: QuestionInput[]): TopicInput => ({ title: { de, en }, questions });
const question = (de: string, en: string, points: PointInput[]): QuestionInput => ({ title: { de, en }, points });
function point(
  article: string,
  titleDe: string,
  titleEn: string,
  exampleDe: string,
  exampleEn: string,
  link?: string,
): PointInput {
  return {
    title: { de: titleDe, en: titleEn },
    example: { de: exampleDe, en: exampleEn },
    article,
    ...(link && { link }),
  };
}

const T: TopicInput[] = [
  topic('Produktsicherheit und Risikobewertung', 'Product safety and risk assessment', [
    question('Produktbeschreibung', 'Product description', [
      point(
        'Art. 9(2)',
        'Allgemeine Beschreibung des Produkts und seines Verwendungszwecks',
        'General description of the product and its intended use',
        'Kinder-Trinkflasche aus Edelstahl, 350 ml, mit Silikon-Trinkhalm; für Kinder ab 3 Jahren.',
        'Stainless-steel children’s drinking bottle, 350 ml, with silicone straw; for children aged 3 and over.',
        EUR_LEX_GPSR,
      ),
      point(
        'Art. 9(2)',
        'Für die Sicherheit wesentliche Eigenschaften (Materialien, Abmessungen, Energiequellen)',
        'Characteristics essential for safety (materials, dimensions, energy sources)',
        'Edelstahl 18/8, lebensmittelechtes Silikon (LFGB), keine Batterien, Deckel mit Kleinteilen Ø 12 mm.',
        'Stainless steel 18/8, food-grade silicone, no batteries, lid contains small parts of 12 mm diameter.',
      ),
      point(
        'Art. 6(1)',
        'Vorhersehbare Verwendung und vorhersehbare Fehlanwendung',
        'Reasonably foreseeable use and misuse',
        'Bestimmungsgemäß: Wasser und Saft. Vorhersehbar: heiße Getränke, Herunterfallen, Kauen am Halm.',
        'Intended: water and juice. Foreseeable: hot drinks, dropping the bottle, chewing the straw.',
      ),
      point(
        'Art. 6(1)(d)',
        'Verbrauchergruppen mit erhöhtem Risiko (z. B. Kinder, ältere Menschen)',
        'Consumer groups at higher risk (e.g. children, older people)',
        'Kinder ab 3 Jahren; Erstickungsgefahr durch ablösbare Kleinteile wurde gesondert geprüft.',
        'Children aged 3 and over; choking hazard from detachable small parts assessed separately.',
      ),
    ]),
    question('Gefahrenermittlung', 'Hazard identification', [
      point(
        'Art. 9(2)',
        'Ermittelte Gefahren (mechanisch, chemisch, elektrisch, thermisch, Brand)',
        'Identified hazards (mechanical, chemical, electrical, thermal, fire)',
        'Scharfe Kanten am Gewinde, Migration von Stoffen aus dem Silikon, Verbrühung bei heißen Getränken.',
        'Sharp edges at the thread, migration of substances from the silicone, scalding with hot drinks.',
      ),
      point(
        'Art. 6(1)(b)',
        'Wirkung auf andere Produkte, wenn eine gemeinsame Verwendung vorhersehbar ist',
        'Effect on other products where use together is foreseeable',
        'Nicht für die Spülmaschine über 65 °C; keine Wechselwirkung mit üblichem Zubehör bekannt.',
        'Not for dishwashers above 65 °C; no known interaction with common accessories.',
      ),
      point(
        'Art. 6(1)(g)–(h)',
        'Digitale Eigenschaften: Cybersicherheit und lernende Funktionen (falls zutreffend)',
        'Digital features: cybersecurity and evolving or learning functions (if applicable)',
        'Trifft nicht zu: das Produkt hat keine Software und keine Netzwerkverbindung.',
        'Not applicable: the product has no software and no network connection.',
      ),
    ]),
    question('Risikoanalyse und Maßnahmen', 'Risk analysis and measures', [
      point(
        'Art. 9(2)',
        'Methode der internen Risikoanalyse',
        'Method of the internal risk analysis',
        'Bewertung von Schwere und Wahrscheinlichkeit nach der Risikobewertungsmethode von Safety Gate.',
        'Severity and probability rated with the Safety Gate risk assessment method.',
      ),
      point(
        'Art. 9(2)',
        'Bewertung jedes ermittelten Risikos',
        'Assessment of each identified risk',
        'Verbrühung: Schwere 2, Wahrscheinlichkeit gering – geringes Risiko. Kleinteile: Schwere 4 – hoch.',
        'Scalding: severity 2, low probability – low risk. Small parts: severity 4 – high.',
      ),
      point(
        'Art. 9(2)',
        'Lösungen zur Beseitigung oder Minderung der Risiken',
        'Solutions adopted to eliminate or mitigate the risks',
        'Halm fest verschweißt (Zugkraft 90 N geprüft), entgratetes Gewinde, Warnhinweis „Nicht für heiße Getränke“.',
        'Straw welded in place (90 N pull test), deburred thread, warning “Not for hot drinks”.',
      ),
      point(
        'Art. 5',
        'Verbleibende Restrisiken',
        'Remaining residual risks',
        'Restrisiko Sturz aus Höhe: akzeptabel, Hinweis in der Gebrauchsanleitung.',
        'Residual risk of a fall from height: acceptable, mentioned in the instructions.',
      ),
      point(
        'Art. 9(2)',
        'Ergebnisse von Prüfberichten',
        'Outcome of test reports',
        'Prüfbericht Nr. 2024-118 des Labors XY vom 03.02.2024: Migration und Kleinteile bestanden.',
        'Test report no. 2024-118 of laboratory XY dated 03.02.2024: migration and small parts passed.',
      ),
      point(
        'Art. 9(3)',
        'Zeitpunkt der letzten Überprüfung der Analyse',
        'Date the analysis was last reviewed',
        'Zuletzt überprüft am 15.01.2025 nach Änderung des Deckel-Lieferanten.',
        'Last reviewed on 15.01.2025 after the lid supplier changed.',
      ),
    ]),
    question('Normen und Anforderungen', 'Standards and requirements', [
      point(
        'Art. 7(1)',
        'Angewandte europäische Normen (Fundstelle im Amtsblatt)',
        'European standards applied (reference in the Official Journal)',
        'EN 14350:2020 (Trinkgeräte für Kinder).',
        'EN 14350:2020 (child drinking equipment).',
      ),
      point(
        'Art. 8',
        'Andere angewandte Elemente (nationale Normen, Empfehlungen, Stand der Technik)',
        'Other elements applied (national standards, recommendations, state of the art)',
        'BfR-Empfehlung XV für Silikone; Stand der Technik laut Branchenleitfaden.',
        'BfR recommendation XV for silicones; state of the art per the industry guide.',
      ),
      point(
        'Art. 9(2)',
        'Nur teilweise angewandte Normen und welche Teile',
        'Standards applied only in part, and which parts',
        'EN 14350 Abschnitt 5.3 nicht angewandt, da kein Sauger vorhanden.',
        'EN 14350 clause 5.3 not applied because there is no teat.',
      ),
    ]),
    question('Serienfertigung', 'Series production', [
      point(
        'Art. 9(4)',
        'Verfahren, damit Serienprodukte sicher bleiben',
        'Procedures keeping products made in series safe',
        'Wareneingangsprüfung je Charge, jährliche Wiederholungsprüfung im Labor.',
        'Incoming inspection per batch, yearly repeat test in the laboratory.',
      ),
      point(
        'Art. 9(4)',
        'Umgang mit Änderungen an Design, Material oder Lieferanten',
        'Handling of changes to design, material or suppliers',
        'Jede Änderung löst eine neue Risikoanalyse und eine neue Freigabe aus.',
        'Every change triggers a new risk analysis and a new release.',
      ),
    ]),
    question('Marktbeobachtung', 'Market monitoring', [
      point(
        'Art. 9',
        'Öffentliche Kommunikationskanäle für Beschwerden und Unfälle',
        'Public communication channels for complaints and accidents',
        'Telefon, E-Mail sicherheit@beispiel.de und Formular unter /produktsicherheit.',
        'Phone, email safety@example.com and a form at /product-safety.',
      ),
      point(
        'Art. 9',
        'Internes Register von Beschwerden, Rückrufen und Korrekturmaßnahmen',
        'Internal register of complaints, recalls and corrective measures',
        'Register im Ticketsystem, Kategorie „Produktsicherheit“, monatlich ausgewertet.',
        'Register in the ticket system, category “product safety”, reviewed monthly.',
      ),
    ]),
    question('Aufmachung und Kennzeichnung', 'Presentation and labelling', [
      point(
        'Art. 6(1)(c)',
        'Warnhinweise und Altersangaben auf Produkt und Verpackung',
        'Warnings and age information on product and packaging',
        '„Nur unter Aufsicht von Erwachsenen verwenden.“ auf der Verpackung.',
        '“Use only under adult supervision.” on the packaging.',
      ),
      point(
        'Art. 6(1)(e)',
        'Aussehen: keine Verwechslung mit Lebensmitteln oder Spielzeug',
        'Appearance: no confusion with food or toys',
        'Form und Farbe geprüft; das Produkt ahmt keine Lebensmittel nach.',
        'Shape and colour checked; the product does not imitate food.',
      ),
    ]),
  ]),
  topic('Technische Dokumentation', 'Technical documentation', [
    question('Inhalt der Dokumentation', 'Content of the documentation', [
      point(
        'Art. 9(2)',
        'Technische Dokumentation erstellt und aktuell gehalten',
        'Technical documentation drawn up and kept up to date',
        'Dokumentation Version 3 vom 15.01.2025 mit Beschreibung, Risikoanalyse, Prüfberichten und Normenliste.',
        'Documentation version 3 of 15.01.2025 with description, risk analysis, test reports and list of standards.',
      ),
    ]),
    question('Aufbewahrung', 'Retention', [
      point(
        'Art. 9(3)',
        'Aufbewahrung für 10 Jahre nach dem Inverkehrbringen',
        'Kept for 10 years after the product is placed on the market',
        'Freigegebene Versionen werden im Portal 10 Jahre aufbewahrt und der Behörde auf Verlangen übergeben.',
        'Released versions are kept in the portal for 10 years and handed to the authority on request.',
      ),
    ]),
  ]),
  topic('Rückverfolgbarkeit und Identifizierung', 'Traceability and identification', [
    question('Produktkennzeichnung', 'Product identification', [
      point(
        'Art. 9(5)',
        'Typen-, Chargen- oder Seriennummer auf dem Produkt',
        'Type, batch or serial number on the product',
        'Chargennummer in den Boden graviert; bei zu kleinen Produkten auf der Verpackung.',
        'Batch number engraved in the base; on the packaging where the product is too small.',
      ),
    ]),
    question('Herstellerangaben', 'Manufacturer details', [
      point(
        'Art. 9(6)',
        'Name, eingetragene Marke, Post- und elektronische Adresse des Herstellers',
        'Name, registered trade mark, postal and electronic address of the manufacturer',
        'Beispiel GmbH, Musterweg 1, 20095 Hamburg, sicherheit@beispiel.de – auf dem Etikett.',
        'Example GmbH, Musterweg 1, 20095 Hamburg, safety@example.com – on the label.',
      ),
    ]),
  ]),
  topic('Gebrauchsanleitung und Sicherheitsinformationen', 'Instructions and safety information', [
    question('Anleitung', 'Instructions', [
      point(
        'Art. 9(7)',
        'Anleitung und Sicherheitsinformationen in der Sprache des Ziellands',
        'Instructions and safety information in the language of the target country',
        'Beiliegende Anleitung auf Deutsch, Französisch und Italienisch; Warnhinweise auf der Verpackung.',
        'Enclosed instructions in German, French and Italian; warnings on the packaging.',
      ),
    ]),
  ]),
  topic('CE-Kennzeichnung und Konformität', 'CE marking and conformity', [
    question('Harmonisierungsrecht der Union', 'Union harmonisation legislation', [
      point(
        'Art. 2(1)',
        'Geltende Harmonisierungsrechtsakte (z. B. Spielzeug, Elektro) und CE-Kennzeichnung',
        'Applicable harmonisation acts (e.g. toys, electrical) and CE marking',
        'Keine CE-Pflicht: kein Spielzeug, kein Elektrogerät. Lebensmittelkontakt nach VO (EG) 1935/2004.',
        'No CE marking required: not a toy, not electrical. Food contact per Regulation (EC) 1935/2004.',
      ),
    ]),
    question('Konformitätsnachweise', 'Evidence of conformity', [
      point(
        'Art. 7(1)',
        'EU-Konformitätserklärung oder Nachweis der Vermutung der Sicherheit',
        'EU declaration of conformity or evidence for the presumption of safety',
        'Konformitätserklärung zum Lebensmittelkontakt vom 10.01.2025; Prüfung nach EN 14350 bestanden.',
        'Food-contact declaration of compliance of 10.01.2025; EN 14350 test passed.',
      ),
    ]),
  ]),
  topic('Pflichten des Importeurs', 'Importer obligations', [
    question('Prüfung vor dem Inverkehrbringen', 'Checks before placing on the market', [
      point(
        'Art. 11',
        'Geprüft: Risikoanalyse, Dokumentation und Kennzeichnung des Herstellers',
        'Checked: the manufacturer’s risk analysis, documentation and labelling',
        'Dokumentation des Herstellers aus China am 20.01.2025 geprüft; Etikett trägt Hersteller und Charge.',
        'Documentation of the manufacturer in China checked on 20.01.2025; label shows manufacturer and batch.',
      ),
    ]),
    question('Angaben des Importeurs', 'Importer details', [
      point(
        'Art. 11',
        'Name, Marke und Kontaktadresse des Importeurs auf Produkt oder Verpackung',
        'Importer’s name, trade mark and contact address on the product or packaging',
        'Aufkleber „Importeur: Beispiel GmbH, Musterweg 1, 20095 Hamburg“ neben den Herstellerangaben.',
        'Sticker “Importer: Example GmbH, Musterweg 1, 20095 Hamburg” next to the manufacturer details.',
      ),
    ]),
  ]),
  topic('Lagerung und Transport', 'Storage and transport', [
    question('Bedingungen', 'Conditions', [
      point(
        'Art. 11, Art. 12',
        'Lager- und Transportbedingungen gefährden die Sicherheit nicht',
        'Storage and transport conditions do not jeopardise safety',
        'Trocken bei 5–30 °C gelagert, in Originalkartons, vor direkter Sonne geschützt.',
        'Stored dry at 5–30 °C in original boxes, protected from direct sunlight.',
      ),
    ]),
  ]),
  topic('Meldung und Korrekturmaßnahmen', 'Notification and corrective actions', [
    question('Gefährliche Produkte', 'Dangerous products', [
      point(
        'Art. 9, Art. 35, Art. 36',
        'Vorgehen bei einem gefährlichen Produkt: Korrekturmaßnahmen, Information der Verbraucher',
        'Procedure for a dangerous product: corrective measures, informing consumers',
        'Verkauf sofort stoppen, Rücknahme oder Rückruf, Kunden per E-Mail informieren, Rückrufanzeige.',
        'Stop sales at once, withdraw or recall, inform customers by email, publish a recall notice.',
      ),
    ]),
    question('Meldung an die Behörden', 'Notification to the authorities', [
      point(
        'Art. 9, Art. 20',
        'Meldung über das Safety Business Gateway an die Marktüberwachungsbehörden',
        'Notification to the market surveillance authorities through the Safety Business Gateway',
        'Verantwortliche Person und Zugang zum Safety Business Gateway festgelegt (Vertretung benannt).',
        'Responsible person and access to the Safety Business Gateway set up (deputy named).',
        SAFETY_BUSINESS_GATEWAY,
      ),
    ]),
  ]),
  topic('Konformität im Online-Handel', 'Online sales compliance', [
    question('Angaben im Online-Angebot', 'Information in the online offer', [
      point(
        'Art. 19',
        'Hersteller, verantwortliche Person in der EU, Produktkennung, Bild und Warnhinweise im Angebot',
        'Manufacturer, responsible person in the EU, product identifier, picture and warnings in the offer',
        'Produktseite zeigt Herstelleradresse, EU-Verantwortlichen, Chargen-/Typnummer, Foto und Warnhinweise.',
        'Product page shows the manufacturer address, EU responsible person, type/batch number, photo and warnings.',
      ),
    ]),
    question('Verantwortlicher Wirtschaftsakteur', 'Responsible economic operator', [
      point(
        'Art. 16, Art. 22',
        'In der Union niedergelassener verantwortlicher Wirtschaftsakteur benannt',
        'Responsible economic operator established in the Union named',
        'Beispiel GmbH (Importeur) übernimmt die Aufgaben nach Art. 4 der VO (EU) 2019/1020.',
        'Example GmbH (importer) performs the tasks of Art. 4 of Regulation (EU) 2019/1020.',
      ),
    ]),
  ]),
  topic('Vorfall- und Beschwerdemanagement', 'Incident and complaint handling', [
    question('Unfälle', 'Accidents', [
      point(
        'Art. 20',
        'Meldung von Unfällen mit dem Produkt über das Safety Business Gateway',
        'Notification of accidents caused by the product through the Safety Business Gateway',
        'Unfallmeldung unverzüglich nach Kenntnis; Ablauf im Handbuch Kapitel 4 beschrieben.',
        'Accident reported without undue delay after becoming aware; procedure in handbook chapter 4.',
        SAFETY_BUSINESS_GATEWAY,
      ),
    ]),
  ]),
  topic('Schulung der Mitarbeitenden', 'Staff training', [
    question('Schulung', 'Training', [
      point(
        'Art. 9(4)',
        'Schulung der Mitarbeitenden zu Produktsicherheit, Beschwerden und Meldewegen',
        'Staff trained on product safety, complaints and notification routes',
        'Jährliche Schulung für Einkauf und Kundenservice, zuletzt am 12.02.2025, Teilnehmerliste angehängt.',
        'Yearly training for purchasing and customer service, last on 12.02.2025, attendance list attached.',
      ),
    ]),
  ]),
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
