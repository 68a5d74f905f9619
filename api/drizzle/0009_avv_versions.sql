CREATE TABLE "avv_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"effective_date" date NOT NULL,
	"text_de" text NOT NULL,
	"text_en" text NOT NULL,
	"summary_de" text NOT NULL,
	"summary_en" text NOT NULL,
	"sub_processors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"published_by_user_id" text,
	CONSTRAINT "avv_versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "avv_acceptances" ADD COLUMN "version_id" uuid;--> statement-breakpoint
ALTER TABLE "avv_acceptances" ADD COLUMN "accepted_by_email" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The AVV as it was before versions existed becomes version 1 ('2026-01', the label users.avv_version and the
-- acceptances carry), with the text the PDF had until then (api/src/modules/user/profile/avv-text.ts) and the sub-processors its §9 names.
INSERT INTO "avv_versions" ("id", "version", "effective_date", "text_de", "text_en", "summary_de", "summary_en", "sub_processors", "published_at", "published_by")
VALUES (
  '00000000-0000-4000-8000-000000000001',
  '2026-01',
  '2026-01-01',
  $avv$## 1. Gegenstand des Auftrags

Der Auftragnehmer betreibt für den Auftraggeber ein Kundenportal mit Plugins für Online-Shops (u. a. Support-Ticket-Anbindung, mobile App, Produktsicherheitsdokumentation nach GPSR und Auswertung lieferbarer Bestellungen). Dabei verarbeitet der Auftragnehmer personenbezogene Daten ausschließlich im Auftrag und nach Weisung des Auftraggebers.

## 2. Dauer des Auftrags

Der Vertrag beginnt mit der Akzeptanz im Portal und läuft, solange der Auftraggeber Leistungen des Portals nutzt. Er endet automatisch mit der Löschung des Kundenkontos, ohne dass es einer gesonderten Kündigung bedarf.

## 3. Art und Zweck der Verarbeitung

Erheben, Speichern, Abfragen, Übermitteln und Löschen von Daten zum Zweck der Bereitstellung der gebuchten Plugins: Abgleich von Bestell- und Kundendaten aus der Shop-Datenbank des Auftraggebers mit dem Ticketsystem, Anzeige von Bestellstatus in der mobilen App, Zählung offener Bestellungen sowie Ablage von Dokumenten zur Produktsicherheit.

## 4. Art der personenbezogenen Daten

Kontaktdaten (Name, Anschrift, E-Mail-Adresse, Telefonnummer), Bestell- und Vertragsdaten (Bestellnummern, Artikel, Beträge, Versandart, Sendungsstatus), Kommunikationsdaten aus Support-Anfragen sowie Zugangsdaten der Mitarbeiter des Auftraggebers.

## 5. Kategorien betroffener Personen

Kunden und Interessenten des Auftraggebers, Beschäftigte und Unterbenutzer des Auftraggebers sowie Ansprechpartner bei Lieferanten und Herstellern.

## 6. Rechte und Pflichten des Auftraggebers

Der Auftraggeber ist für die Rechtmäßigkeit der Verarbeitung verantwortlich. Er erteilt Weisungen in Textform und ist berechtigt, die Einhaltung dieses Vertrags und der technischen und organisatorischen Maßnahmen nach vorheriger Anmeldung zu prüfen oder durch einen zur Verschwiegenheit verpflichteten Prüfer prüfen zu lassen.

## 7. Pflichten des Auftragnehmers

Der Auftragnehmer verarbeitet die Daten nur auf dokumentierte Weisung, verpflichtet alle mit der Verarbeitung befassten Personen zur Vertraulichkeit, unterstützt den Auftraggeber bei Anfragen betroffener Personen (Art. 12 bis 23 DSGVO) sowie bei den Pflichten aus Art. 32 bis 36 DSGVO und meldet Verletzungen des Schutzes personenbezogener Daten unverzüglich, spätestens binnen 24 Stunden nach Kenntnis.

## 8. Technische und organisatorische Maßnahmen

Verschlüsselung der Übertragung (TLS) und gespeicherter Zugangsdaten (AES-256-GCM), rollenbasierte Zugriffskontrolle mit Trennung der Daten je Kunde, Protokollierung von Zugriffen, regelmäßige Datensicherung, Zutrittskontrolle zu den Rechenzentren sowie regelmäßige Überprüfung der Wirksamkeit der Maßnahmen.

## 9. Unterauftragsverarbeiter

Der Auftraggeber genehmigt die Einschaltung folgender Unterauftragsverarbeiter: Hosting-Anbieter mit Rechenzentrum in der EU, Anbieter des Identitätsdienstes für die Anmeldung sowie den Zahlungsdienstleister für die Abwicklung von Zahlungen. Über beabsichtigte Änderungen informiert der Auftragnehmer vorab; der Auftraggeber kann aus wichtigem datenschutzrechtlichem Grund widersprechen.

## 10. Löschung und Rückgabe

Nach Vertragsende löscht der Auftragnehmer sämtliche im Auftrag verarbeiteten Daten binnen 30 Tagen, sofern keine gesetzliche Aufbewahrungspflicht besteht (z. B. für Rechnungen). Auf Verlangen gibt er die Daten vorher in einem gängigen Format heraus. Die Löschung wird auf Anfrage bestätigt.$avv$,
  $avv$## 1. Subject matter

The processor operates a customer portal with plugins for online shops on behalf of the controller (among others a support-ticket connection, a mobile app, product-safety documentation under the GPSR and an overview of deliverable orders). The processor processes personal data solely on behalf of and on the instructions of the controller.

## 2. Duration

The agreement starts when it is accepted in the portal and runs for as long as the controller uses services of the portal. It ends automatically when the customer account is deleted, without separate notice.

## 3. Nature and purpose of processing

Collecting, storing, querying, transmitting and erasing data in order to provide the booked plugins: matching order and customer data from the controller's shop database with the ticket system, showing order status in the mobile app, counting open orders and storing product-safety documents.

## 4. Categories of personal data

Contact data (name, address, email address, phone number), order and contract data (order numbers, items, amounts, shipping type, shipment status), communication data from support requests and login data of the controller's staff.

## 5. Categories of data subjects

Customers and prospects of the controller, employees and sub-users of the controller, and contact persons at suppliers and manufacturers.

## 6. Rights and obligations of the controller

The controller is responsible for the lawfulness of the processing. It gives instructions in text form and may, after prior notice, audit compliance with this agreement and with the technical and organisational measures itself or through an auditor bound to confidentiality.

## 7. Obligations of the processor

The processor processes data only on documented instructions, commits every person involved to confidentiality, assists the controller with data-subject requests (Art. 12 to 23 GDPR) and with the obligations of Art. 32 to 36 GDPR, and reports personal-data breaches without undue delay, at the latest within 24 hours of becoming aware of them.

## 8. Technical and organisational measures

Encryption in transit (TLS) and of stored credentials (AES-256-GCM), role-based access control with separation of data per customer, access logging, regular backups, physical access control to the data centres and regular review of the effectiveness of these measures.

## 9. Sub-processors

The controller approves the following sub-processors: a hosting provider with data centres in the EU, the identity service used for sign-in and the payment service provider used for payments. The processor announces intended changes in advance; the controller may object for an important data-protection reason.

## 10. Deletion and return

After the end of the agreement the processor erases all data processed on behalf of the controller within 30 days unless a statutory retention duty applies (e.g. for invoices). On request it hands the data over beforehand in a common format. Erasure is confirmed on request.$avv$,
  'Erste Fassung des Vertrags zur Auftragsverarbeitung.',
  'First version of the data-processing agreement.',
  $avv$[{"name": "Hosting-Anbieter mit Rechenzentrum in der EU / hosting provider with data centres in the EU", "purpose": "Betrieb der Server und Datenbanken / running the servers and databases", "location": "EU"}, {"name": "Google Cloud EMEA Ltd. (Firebase Authentication)", "purpose": "Anmeldung und Benutzerkonten / sign-in and user accounts", "location": "EU, USA (EU-US Data Privacy Framework)"}, {"name": "PayPal (Europe) S.à r.l. et Cie, S.C.A.", "purpose": "Abwicklung von Zahlungen / payment processing", "location": "Luxemburg / Luxembourg"}]$avv$::jsonb,
  '2026-01-01T00:00:00Z',
  NULL
) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every acceptance so far was of version 1; who accepted is the account's email. A user who accepted twice keeps the
-- first acceptance (one per user and version from now on).
UPDATE "avv_acceptances" a SET "version_id" = '00000000-0000-4000-8000-000000000001', "accepted_by_email" = u."email"
  FROM "users" u WHERE u."id" = a."user_id";--> statement-breakpoint
DELETE FROM "avv_acceptances" a USING "avv_acceptances" b
  WHERE a."user_id" = b."user_id" AND a."version_id" = b."version_id"
    AND (a."accepted_at" > b."accepted_at" OR (a."accepted_at" = b."accepted_at" AND a."id" > b."id"));--> statement-breakpoint
ALTER TABLE "avv_acceptances" ALTER COLUMN "version_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "avv_versions_effective_idx" ON "avv_versions" USING btree ("effective_date","published_at");--> statement-breakpoint
ALTER TABLE "avv_acceptances" ADD CONSTRAINT "avv_acceptances_version_id_avv_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."avv_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avv_acceptances_user_version_idx" ON "avv_acceptances" USING btree ("user_id","version_id");