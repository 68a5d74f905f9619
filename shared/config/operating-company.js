// The company that runs the portal, read from the environment here and nowhere else: the api prints it as the
// processor of the AVV, the seller of every invoice and the sender of the mails; the portal server hands its links
// and support address to the browser (/portal-config.json). Plain CommonJS so that the api (bundled), the portal
// server and the webpack dev server (plain node, no TypeScript) load the same file.
//
// Outside production every unset value keeps a demo default, so `npm start` shows a complete demo company. In
// production (PORTAL_MODE=production, else NODE_ENV=production) nothing falls back to the demo: a required value
// that is unset, still the demo default or on a placeholder domain stops the start (companyProblems), and an unset
// optional one stays empty instead of printing the demo's.

/**
 * One variable: `key` in the result, `env` its name, `demo` the default outside production, `what` it is for (the
 * refusal names it). Options: `optional` (may stay unset in production), `demoAllowed` (the demo value is a real one
 * too), `kind` ('email', 'mailbox' (an address with an optional name), 'url' or 'country': the form checked whenever it is set).
 * @param {string} key @param {string} env @param {string} demo @param {string} what
 * @param {{ optional?: boolean, demoAllowed?: boolean, kind?: 'email' | 'mailbox' | 'url' | 'country' }} [options]
 */
const field = (key, env, demo, what, options = {}) => ({
  key,
  env,
  demo,
  what,
  required: !options.optional,
  ...options,
});
const optional = { optional: true };

const SELLER_FIELDS = [
  field('name', 'SELLER_NAME', 'Portal Demo Software GmbH', 'company name on invoices, the AVV and mails'),
  field('street', 'SELLER_STREET', 'Friedrichstraße 123', 'street and number of the company address'),
  field('postalCode', 'SELLER_POSTAL_CODE', '10117', 'postal code of the company address'),
  field('city', 'SELLER_CITY', 'Berlin', 'city of the company address'),
  // 'DE' is the demo's country and a real one too: only an unset country is refused.
  field('country', 'SELLER_COUNTRY', 'DE', 'country of the company address (ISO code, e.g. DE)', {
    demoAllowed: true,
    kind: 'country',
  }),
  field('vatId', 'SELLER_VAT_ID', 'DE811907980', 'VAT ID printed on every invoice'),
  field('taxNumber', 'SELLER_TAX_NUMBER', '30/123/45678', 'tax number on invoices', optional),
  field('email', 'SELLER_EMAIL', 'billing@portal.test', 'billing address on invoices', { kind: 'email' }),
  field('phone', 'SELLER_PHONE', '+49 30 1234567', 'phone number on invoices', optional),
  field('iban', 'SELLER_IBAN', 'DE02120300000000202051', 'IBAN on invoices', optional),
  field('bic', 'SELLER_BIC', 'BYLADEM1001', 'BIC on invoices', optional),
  field('bankName', 'SELLER_BANK_NAME', 'Demo Bank', 'bank name on invoices', optional),
  field(
    'register',
    'SELLER_REGISTER',
    'Amtsgericht Charlottenburg, HRB 000000',
    'register court and number (invoices, AVV)',
  ),
  field('managingDirector', 'SELLER_MANAGING_DIRECTOR', 'Max Mustermann', 'managing director (invoices, AVV)'),
];

const CONTACT_FIELDS = [
  field(
    'supportEmail',
    'SUPPORT_EMAIL',
    'support@portal.test',
    'support address (portal footer, mails, contact requests)',
    {
      kind: 'email',
    },
  ),
  field('privacyEmail', 'PRIVACY_EMAIL', 'datenschutz@portal.test', 'data-protection contact named in the AVV', {
    kind: 'email',
  }),
  field(
    'mailFrom',
    'MAIL_FROM',
    'Portal <no-reply@portal.test>',
    'sender of every mail, e.g. "Name <portal@company.de>"',
    {
      kind: 'mailbox',
    },
  ),
];

const url = { kind: 'url' };
const LINK_FIELDS = [
  field('imprint', 'LINK_IMPRINT', 'https://www.example.com/imprint', 'imprint page (footer, mails)', url),
  field('privacy', 'LINK_PRIVACY', 'https://www.example.com/privacy', 'privacy policy (footer, mails)', url),
  field('terms', 'LINK_TERMS', 'https://www.example.com/terms', 'terms and conditions (footer)', url),
  field(
    'androidApp',
    'LINK_ANDROID_APP',
    'https://play.google.com/store/apps/details?id=com.example.portal',
    "mobile app's Google Play page (buy pages)",
    url,
  ),
  field(
    'iosApp',
    'LINK_IOS_APP',
    'https://apps.apple.com/app/example-portal/id000000000',
    "mobile app's App Store page (buy pages)",
    url,
  ),
  field(
    'freshdeskApp',
    'LINK_FRESHDESK_APP',
    'https://www.freshworks.com/apps/example-portal',
    "Freshdesk app's marketplace page (buy pages)",
    url,
  ),
  field(
    'freshdeskManual',
    'LINK_FRESHDESK_MANUAL',
    'https://www.example.com/manuals/freshdesk-connector',
    "Freshdesk connector's installation manual",
    url,
  ),
];

const FIELDS = [...SELLER_FIELDS, ...CONTACT_FIELDS, ...LINK_FIELDS];

const MODES = ['production', 'development', 'test'];

/**
 * The mode both the api and the portal server run in: PORTAL_MODE, else NODE_ENV when it names a mode, else
 * development. An unknown PORTAL_MODE counts as production, the safe side (the api refuses it anyway).
 * @param {Record<string, string | undefined>} [env]
 */
function portalMode(env = process.env) {
  const mode = env.PORTAL_MODE?.trim();
  if (mode) return MODES.includes(mode) ? mode : 'production';
  return MODES.includes(env.NODE_ENV ?? '') ? env.NODE_ENV : 'development';
}

/** @param {Record<string, string | undefined>} env @param {string} name */
const value = (env, name) => env[name]?.trim() ?? '';

/**
 * The company configuration: demo defaults outside production; in production unset values stay empty.
 * @param {Record<string, string | undefined>} [env]
 */
function readOperatingCompany(env = process.env) {
  const production = portalMode(env) === 'production';
  /** @param {typeof FIELDS} fields */
  const read = (fields) =>
    Object.fromEntries(fields.map((f) => [f.key, value(env, f.env) || (production ? '' : f.demo)]));
  const seller = read(SELLER_FIELDS);
  seller.country = seller.country.toUpperCase();
  return { seller, ...read(CONTACT_FIELDS), links: read(LINK_FIELDS) };
}

// Domains reserved for examples and tests (RFC 2606, RFC 6761): never a real company's page or mailbox.
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/** @param {string} s */
function emailHost(s) {
  const m = /^[^\s@<>]+@([^\s@<>]+\.[^\s@<>]+)$/.exec(s);
  return m ? m[1] : null;
}

/** The address of 'Name <address>' or of a bare address. @param {string} s */
const mailboxAddress = (s) => /<([^<>]+)>\s*$/.exec(s)?.[1] ?? s;

/** @param {string} s */
function urlHost(s) {
  try {
    const url = new URL(s);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.hostname : null;
  } catch {
    return null;
  }
}

/**
 * What is wrong with one set value, or null: the format in every mode, a placeholder domain in production.
 * @param {(typeof FIELDS)[number]} f @param {string} v @param {boolean} production
 */
function valueProblem(f, v, production) {
  if (f.kind === 'email' || f.kind === 'mailbox') {
    const host = emailHost(f.kind === 'mailbox' ? mailboxAddress(v) : v);
    if (!host) return `${f.env} must be an email address (got "${v}")`;
    if (production && PLACEHOLDER_HOST.test(host))
      return `${f.env} is on the placeholder domain ${host}: set the ${f.what}`;
  }
  if (f.kind === 'url') {
    const host = urlHost(v);
    if (host === null) return `${f.env} must be an http(s) URL (got "${v}")`;
    if (production && PLACEHOLDER_HOST.test(host))
      return `${f.env} is on the placeholder domain ${host}: set the ${f.what}`;
  }
  if (f.kind === 'country' && !/^[A-Za-z]{2}$/.test(v)) {
    return `${f.env} must be a two-letter country code like DE (got "${v}")`;
  }
  return null;
}

/**
 * One line per problem of the company configuration, each naming its variable; empty when the start may go on.
 * Every mode: a set value of the wrong form. Production also: a required value unset, any value still the demo
 * default, a link or address on a placeholder domain.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string[]}
 */
function companyProblems(env = process.env) {
  const production = portalMode(env) === 'production';
  const problems = [];
  const mode = value(env, 'PORTAL_MODE');
  if (mode && !MODES.includes(mode))
    problems.push(`PORTAL_MODE must be production, development or test (got "${mode}")`);
  for (const f of FIELDS) {
    const v = value(env, f.env);
    if (!v) {
      if (production && f.required) problems.push(`${f.env} is not set: the ${f.what}`);
      continue;
    }
    if (production && !f.demoAllowed && v === f.demo) {
      problems.push(`${f.env} is still the demo value "${f.demo}": set the ${f.what}`);
      continue;
    }
    const problem = valueProblem(f, v, production);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** Variable names and demo values, for documentation and tests. */
const OPERATING_COMPANY_VARIABLES = FIELDS.map(({ env, demo, required }) => ({ env, demo, required }));

module.exports = { portalMode, readOperatingCompany, companyProblems, OPERATING_COMPANY_VARIABLES };
