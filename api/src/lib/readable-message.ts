import { LICENSE_MAX_PAGE_SIZE, PLUGIN_NAMES, STATUSES } from '@portal/shared/domain';

// The shared zod schemas carry i18n keys as messages (for the UI); the api answers readable English.

const FIELD_NAMES: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company name',
  houseNumber: 'House number',
  postalCode: 'Postal code',
  invoiceEmail: 'Invoice email',
  vatID: 'VAT ID',
};

const KNOWN: Record<string, string> = {
  name_error: 'Name must not be empty',
  name_invalid: 'Name must be one line without links or the characters / @ \\ < >',
  name_too_long: 'Name must be at most 100 characters',
  validation_text_invalid: 'must not contain control characters or line breaks',
  validation_too_long: 'is too long',
  email_error: 'Email must be a valid email address',
  name_required: 'Name is required',
  phone_required: 'Phone is required',
  phone_invalid: 'Phone number is invalid',
  email_required: 'Email is required',
  email_invalid: 'Email address is invalid',
  message_required: 'Message is required',
  message_too_long: 'Message is too long',
  checkbox_required: 'Consent is required',
  validation_email_required: 'Email is required',
  validation_email_invalid: 'Email address is invalid',
  validation_email_single:
    'Email must be one address: no spaces, control characters or the characters , ; < > ( ) " : [ ] \\',
  validation_country_invalid: 'Country is not one of the supported countries',
  validation_language_invalid: 'Language must be de or en',
  validation_id_required: 'Id is required',
  validation_port_invalid: 'Port must be a whole number between 0 and 65535',
  validation_host_invalid: 'Host must be a host name or an IP address',
  validation_host_instance: 'An instance name (host\\INSTANCE) is only possible for SQL Server',
  validation_engine_invalid: 'engine must be mssql, mysql or postgres',
  validation_too_many_emails: 'At most 50 user emails',
  validation_page_invalid: 'page must be a whole number of 1 or more',
  validation_pageSize_invalid: `pageSize must be a whole number between 1 and ${LICENSE_MAX_PAGE_SIZE}`,
  validation_sort_invalid:
    'sort must be LicenseCreated, LicenseExpired or ProductName, optionally followed by |ASC or |DESC',
  validation_status_invalid: `status must be one of ${STATUSES.join(', ')}`,
  validation_pluginName_invalid: `pluginName must be one of ${PLUGIN_NAMES.join(', ')}`,
  validation_verifyReminder_invalid: 'verifyReminder must be true or false',
  validation_registry_id_invalid: 'id must be 2 to 40 lower-case letters, digits or hyphens, starting with a letter',
  validation_registry_remote_invalid:
    "remote must be a federation container name like 'mfe_gpsr', or '' for a shell page",
  validation_registry_manifest_url_invalid: "manifestUrl must be an http(s) URL or a path starting with '/'",
  validation_registry_manifest_url_not_manifest: 'manifestUrl must name an mf-manifest.json (the last path segment)',
  validation_registry_manifest_url_required: 'manifestUrl is required when remote is set',
  validation_registry_manifest_url_unexpected: "manifestUrl must be '' when remote is '' (a shell page)",
  validation_registry_route_invalid: "a route must look like '/features/gpsr' (lower-case letters, digits, hyphens)",
  validation_registry_routes_required: 'routes must list at least one route',
  validation_registry_routes_too_many: 'routes may list at most 20 routes',
  validation_registry_route_duplicate: 'a route is listed twice',
  validation_registry_route_reserved:
    'a route must not be or lie under a shell route (/, /login, /register, /forgot-password, /dashboard, /staff)',
  validation_registry_audience_invalid: "audience must be { kind: 'all' | 'internal' } or { kind: 'sellers', emails }",
  validation_registry_emails_required: 'audience.emails must list at least one email',
  validation_registry_emails_too_many: 'audience.emails may list at most 200 emails',
  validation_registry_flag_invalid: 'must be true or false',
  validation_registry_order_invalid: 'order must be a whole number from 0 to 1000',
  validation_registry_card_invalid: 'card must be null or an object with pluginName and configurePath',
  validation_registry_plugin_name_invalid:
    'card.pluginName must be 2 to 40 lower-case letters, digits or underscores, starting with a letter',
  validation_registry_text_required: 'card texts need a non-empty en and de',
  validation_registry_illustration_invalid:
    "card.illustration must be an illustration key, an https URL or a path starting with '/'",
  validation_registry_configure_path_invalid: "card.configurePath must be a path starting with '/'",
};

function fieldLabel(field: string): string {
  if (FIELD_NAMES[field]) return FIELD_NAMES[field];
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'validation_firstName_required' → 'First name is required'; other text is returned unchanged. */
export function readableMessage(message: string): string {
  if (KNOWN[message]) return KNOWN[message];
  const m = /^validation_([A-Za-z]+)_(required|invalid|too_long)$/.exec(message);
  if (!m) return message;
  const verb = m[2] === 'required' ? 'is required' : m[2] === 'invalid' ? 'is invalid' : 'is too long';
  return `${fieldLabel(m[1])} ${verb}`;
}
