import { z } from 'zod';
import { EMAIL_MAX, EMAIL_REGEX } from './email';
import { plainText } from './text';

// The plugin registry: which remotes the shell loads, at which routes, and which dashboard cards it shows.
// Staff edit entries (registryEntryInputSchema) in the console; the api keeps them in its database and serves
// every caller the enabled entries meant for them (registryEntrySchema).

export const localizedTextSchema = z.object({ en: z.string().min(1), de: z.string().min(1) });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const REGISTRY_ID_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;
/** Federation container name, e.g. 'mfe_gpsr'. */
export const REMOTE_NAME_PATTERN = /^[a-z_][a-z0-9_]*$/;
/** A route prefix: '/features/gpsr'; later segments may carry ':param'. */
export const ROUTE_PREFIX_PATTERN = /^\/[a-z0-9-]+(\/[a-z0-9-:]+)*$/;
export const PLUGIN_NAME_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
/** Routes the shell serves itself: no entry may claim them or anything under them ('/' only itself). */
export const RESERVED_SHELL_ROUTES = ['/', '/login', '/register', '/forgot-password', '/dashboard', '/staff'] as const;
export const REGISTRY_ORDER_MAX = 1000;
export const REGISTRY_AUDIENCE_EMAILS_MAX = 200;
export const REGISTRY_TITLE_MAX = 80;
export const REGISTRY_DESCRIPTION_MAX = 500;
export const REGISTRY_URL_MAX = 500;

export const REGISTRY_AUDIENCE_KINDS = ['all', 'internal', 'sellers'] as const;

/** The reserved shell route a prefix equals or lies under, or null. */
export function reservedRouteOf(route: string): string | null {
  for (const reserved of RESERVED_SHELL_ROUTES) {
    if (route === reserved) return reserved;
    if (reserved !== '/' && route.startsWith(`${reserved}/`)) return reserved;
  }
  return null;
}

/** An absolute http(s) URL, or a path on the portal's own origin ('/remotes/x/mf-manifest.json', not '//host'). */
export function isManifestUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The file the staff console's manifest check loads: nothing else is fetched from the api side. */
export const MANIFEST_FILE_NAME = 'mf-manifest.json';

/** Whether a manifest URL (absolute or a path) names an mf-manifest.json: its path's last segment, dots resolved. */
export function isManifestFileUrl(value: string): boolean {
  try {
    const { pathname } = new URL(value, 'http://portal.invalid');
    return pathname.split('/').pop() === MANIFEST_FILE_NAME;
  } catch {
    return false;
  }
}

/** A shell illustration key ('gpsr'), an https URL or a path on the portal's origin. */
export function isIllustration(value: string): boolean {
  if (/^[a-z][a-z0-9_]{0,39}$/.test(value)) return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const localizedField = (max: number) => {
  const text = z
    .string({ error: 'validation_registry_text_required' })
    .trim()
    .min(1, 'validation_registry_text_required')
    .max(max, 'validation_too_long')
    .check(plainText());
  return z.object({ en: text, de: text }, { error: 'validation_registry_text_required' }).strict();
};

export const registryAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }).strict(),
    z.object({ kind: z.literal('internal') }).strict(),
    z
      .object({
        kind: z.literal('sellers'),
        emails: z
          .array(
            z
              .string({ error: 'validation_email_invalid' })
              .trim()
              .max(EMAIL_MAX, 'validation_email_invalid')
              .regex(EMAIL_REGEX, 'validation_email_invalid'),
            { error: 'validation_registry_emails_required' },
          )
          .min(1, 'validation_registry_emails_required')
          .max(REGISTRY_AUDIENCE_EMAILS_MAX, 'validation_registry_emails_too_many'),
      })
      .strict(),
  ],
  { error: 'validation_registry_audience_invalid' },
);
export type RegistryAudience = z.infer<typeof registryAudienceSchema>;

export const registryCardInputSchema = z
  .object(
    {
      pluginName: z
        .string({ error: 'validation_registry_plugin_name_invalid' })
        .regex(PLUGIN_NAME_PATTERN, 'validation_registry_plugin_name_invalid'),
      title: localizedField(REGISTRY_TITLE_MAX).optional(),
      description: localizedField(REGISTRY_DESCRIPTION_MAX).optional(),
      illustration: z
        .string({ error: 'validation_registry_illustration_invalid' })
        .max(REGISTRY_URL_MAX, 'validation_too_long')
        .refine(isIllustration, 'validation_registry_illustration_invalid')
        .optional(),
      configurePath: z
        .string({ error: 'validation_registry_configure_path_invalid' })
        .max(REGISTRY_URL_MAX, 'validation_too_long')
        .regex(/^\/[^\s/][^\s]*$/, 'validation_registry_configure_path_invalid'),
    },
    { error: 'validation_registry_card_invalid' },
  )
  .strict();
export type RegistryCardInput = z.infer<typeof registryCardInputSchema>;

/** The fields of an entry staff edit, without the cross-field rules (see registryEntryInputSchema). */
export const registryEntryFieldsSchema = z
  .object({
    id: z
      .string({ error: 'validation_registry_id_invalid' })
      .regex(REGISTRY_ID_PATTERN, 'validation_registry_id_invalid'),
    /** '' = a page the shell renders itself (no remote to load). */
    remote: z
      .string({ error: 'validation_registry_remote_invalid' })
      .max(80, 'validation_too_long')
      .refine((v) => v === '' || REMOTE_NAME_PATTERN.test(v), 'validation_registry_remote_invalid'),
    /** '' exactly when remote is ''. */
    manifestUrl: z
      .string({ error: 'validation_registry_manifest_url_invalid' })
      .max(REGISTRY_URL_MAX, 'validation_too_long')
      .refine((v) => v === '' || isManifestUrl(v), 'validation_registry_manifest_url_invalid'),
    routes: z
      .array(
        z
          .string({ error: 'validation_registry_route_invalid' })
          .max(200, 'validation_too_long')
          .regex(ROUTE_PREFIX_PATTERN, 'validation_registry_route_invalid'),
        { error: 'validation_registry_routes_required' },
      )
      .min(1, 'validation_registry_routes_required')
      .max(20, 'validation_registry_routes_too_many'),
    enabled: z.boolean({ error: 'validation_registry_flag_invalid' }),
    audience: registryAudienceSchema,
    comingSoon: z.boolean({ error: 'validation_registry_flag_invalid' }),
    buyWithoutFilling: z.boolean({ error: 'validation_registry_flag_invalid' }),
    order: z
      .number({ error: 'validation_registry_order_invalid' })
      .int('validation_registry_order_invalid')
      .min(0, 'validation_registry_order_invalid')
      .max(REGISTRY_ORDER_MAX, 'validation_registry_order_invalid'),
    card: registryCardInputSchema.nullable(),
  })
  .strict();

type EntryRules = Pick<z.infer<typeof registryEntryFieldsSchema>, 'remote' | 'manifestUrl' | 'routes'>;

/** Messages of the cross-field rules (the i18n test reads them from here). */
export const REGISTRY_RULE_MESSAGES = {
  manifestUrlRequired: 'validation_registry_manifest_url_required',
  manifestUrlUnexpected: 'validation_registry_manifest_url_unexpected',
  routeDuplicate: 'validation_registry_route_duplicate',
  routeReserved: 'validation_registry_route_reserved',
} as const;

/** '' manifest iff '' remote; no route twice; none on or under a shell route. Also used by the api's checks. */
export function registryEntryIssues(entry: EntryRules): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  if (entry.remote !== '' && entry.manifestUrl === '') {
    issues.push({ path: ['manifestUrl'], message: REGISTRY_RULE_MESSAGES.manifestUrlRequired });
  }
  if (entry.remote === '' && entry.manifestUrl !== '') {
    issues.push({ path: ['manifestUrl'], message: REGISTRY_RULE_MESSAGES.manifestUrlUnexpected });
  }
  const seen = new Set<string>();
  entry.routes.forEach((route, index) => {
    if (typeof route !== 'string') return;
    if (reservedRouteOf(route)) {
      issues.push({ path: ['routes', index], message: REGISTRY_RULE_MESSAGES.routeReserved });
    } else if (seen.has(route)) {
      issues.push({ path: ['routes', index], message: REGISTRY_RULE_MESSAGES.routeDuplicate });
    }
    seen.add(route);
  });
  return issues;
}

function crossFieldRules(entry: EntryRules, ctx: z.RefinementCtx) {
  for (const issue of registryEntryIssues(entry)) ctx.addIssue({ code: 'custom', ...issue });
}

/** POST /api/staff/registry body, and the staff console's form (strict: unknown keys → 400). */
export const registryEntryInputSchema = registryEntryFieldsSchema.superRefine(crossFieldRules);
export type RegistryEntryInput = z.infer<typeof registryEntryInputSchema>;

/** PUT /api/staff/registry/:id body: the input without id (the path names the entry). */
export const registryEntryUpdateSchema = registryEntryFieldsSchema.omit({ id: true }).superRefine(crossFieldRules);
export type RegistryEntryUpdate = z.infer<typeof registryEntryUpdateSchema>;

/** What staff read: the input plus who changed it last and when, and which of its releases are live and in preview. */
export const staffRegistryEntrySchema = z.object({
  ...registryEntryFieldsSchema.shape,
  updatedAt: z.string().describe('ISO timestamp'),
  updatedBy: z.string().nullable().describe('email of the staff member; null for the seeded default'),
  liveRelease: z
    .string()
    .nullable()
    .describe('the release sellers get (its manifest URL is manifestUrl); null when set by hand'),
  previewRelease: z.string().nullable().describe('the release internal accounts get instead; null when none'),
});
export type StaffRegistryEntry = z.infer<typeof staffRegistryEntrySchema>;
export const staffRegistrySchema = z.object({ entries: z.array(staffRegistryEntrySchema) });
export type StaffRegistry = z.infer<typeof staffRegistrySchema>;

/** A dashboard card as the shell gets it (GET /api/portal/registry). Texts may come from the remote instead. */
export const dashboardCardSchema = z.object({
  /** The catalogue's plugin name for licenses; a new remote may not be in the catalogue yet. */
  pluginName: z.string(),
  title: localizedTextSchema.optional(),
  description: localizedTextSchema.optional(),
  /** Key of an illustration the shell ships, or an image URL. */
  illustration: z.string().optional(),
  comingSoon: z.boolean(),
  /** mobile and gpsr: no data-source prerequisite. */
  buyWithoutFilling: z.boolean(),
  audience: z.enum(REGISTRY_AUDIENCE_KINDS),
  /** Where Configure leads, e.g. '/features/freshdesk'. */
  configurePath: z.string(),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

/** One entry of GET /api/portal/registry. */
export const registryEntrySchema = z.object({
  id: z.string(),
  remote: z.string().describe("Federation container name, e.g. 'mfe_gpsr'; '' for a page the shell renders itself"),
  manifestUrl: z.string().describe("URL of the remote's mf-manifest.json (may be relative); '' for a shell page"),
  /** Route prefixes the remote serves, e.g. ['/features/gpsr']. */
  routes: z.array(z.string()),
  /** Position on the dashboard and in the navigation (ascending). */
  order: z.number(),
  card: dashboardCardSchema.optional(),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

export const registrySchema = z.object({ entries: z.array(registryEntrySchema) });
export type Registry = z.infer<typeof registrySchema>;

/** GET /api/portal/remote-origins: origins of the enabled remotes' absolute manifest URLs (portal server CSP). */
export const remoteOriginsSchema = z.object({ origins: z.array(z.string()) });

/** GET /api/staff/whoami */
export const staffWhoamiSchema = z.object({ staff: z.boolean() });
export type StaffWhoami = z.infer<typeof staffWhoamiSchema>;

/**
 * A body that names one mf-manifest.json to load (the manifest check, a new release): a URL the portal may fetch,
 * and only a manifest (loading it must not read whatever else answers on a host).
 */
export const manifestUrlInputSchema = z
  .object({
    manifestUrl: z
      .string({ error: 'validation_registry_manifest_url_invalid' })
      .min(1, 'validation_registry_manifest_url_invalid')
      .max(REGISTRY_URL_MAX, 'validation_too_long')
      .refine(isManifestUrl, 'validation_registry_manifest_url_invalid')
      .refine((v) => !isManifestUrl(v) || isManifestFileUrl(v), 'validation_registry_manifest_url_not_manifest'),
  })
  .strict();

/** POST /api/staff/registry/check body. */
export const manifestCheckInputSchema = manifestUrlInputSchema;

/**
 * Why a manifest is not valid, from a fixed set: another service's status code, body or timing is never passed
 * on (the check would otherwise tell which ports answer). `not-reachable`: no connection, no answer in time, a
 * redirect or an HTTP error status; `invalid-json`: the answer is not JSON; `not-a-manifest`: JSON, but no module
 * federation manifest (or over 1 MB); `no-remote`: a manifest that does not expose './remote'.
 */
export const MANIFEST_CHECK_REASONS = ['not-reachable', 'invalid-json', 'not-a-manifest', 'no-remote'] as const;
export type ManifestCheckReason = (typeof MANIFEST_CHECK_REASONS)[number];

/** What the api found at a manifest URL: a valid manifest (exposing './remote'), or why not. */
export const manifestCheckResultSchema = z.object({
  valid: z.boolean(),
  /** null when valid. */
  reason: z.enum(MANIFEST_CHECK_REASONS).nullable(),
  /** The manifest's container name (`name`) when the answer is a manifest, else null. */
  remoteName: z.string().nullable(),
});
export type ManifestCheckResult = z.infer<typeof manifestCheckResultSchema>;

/** Registry entries: create, update, delete; their releases: release-add, preview, preview-end, promote, rollback. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'release-add',
  'preview',
  'preview-end',
  'promote',
  'rollback',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_MAX_PAGE_SIZE = 100;

/** GET /api/staff/audit query. */
export const auditQuerySchema = z
  .object({
    entryId: z.string().max(100, 'validation_too_long').optional(),
    page: z.coerce
      .number({ error: 'validation_page_invalid' })
      .int('validation_page_invalid')
      .min(1, 'validation_page_invalid')
      .default(1),
    pageSize: z.coerce
      .number({ error: 'validation_pageSize_invalid' })
      .int('validation_pageSize_invalid')
      .min(1, 'validation_pageSize_invalid')
      .max(AUDIT_MAX_PAGE_SIZE, 'validation_pageSize_invalid')
      .default(20),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One change in the staff audit log (registry entries; AVV publishes use entryId 'avv:<version>'). */
export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string().describe('ISO timestamp'),
  actorEmail: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entryId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditPageSchema = z.object({ events: z.array(auditEventSchema), total: z.number() });
export type AuditPage = z.infer<typeof auditPageSchema>;
