import { z } from 'zod';
import contract from '../remote/contract.json';
import { manifestUrlInputSchema } from './registry';

// Releases of a remote: each `npm run build` of a remote writes an immutable release (its version and content hash in
// the path, shared/webpack/release.js). Staff add a release to its registry entry, show it to internal accounts first
// (preview), make it live for everybody (promote) and go back to the release live before (rollback). The api makes
// a release live or preview only when it was built against what the shell provides (releaseProblems below): a
// remote built against another React, MUI, router or i18next major, or another contract of @portal/shared, would
// load and then break at run time.

/** The contract version of @portal/shared the shell provides (shared/src/remote/contract.json says when to raise it). */
export const PORTAL_CONTRACT_VERSION: number = contract.version;

/**
 * The shared libraries whose major version a release must share with the shell. They are singletons the shell
 * provides: a remote built against another major gets the shell's copy and breaks (hooks, contexts, theme, routes).
 */
export const RELEASE_CHECKED_LIBRARIES = [
  'react',
  'react-dom',
  '@mui/material',
  'react-router-dom',
  'i18next',
] as const;
export type ReleaseLibrary = (typeof RELEASE_CHECKED_LIBRARIES)[number];

/** The name problems of the contract are reported under (beside the libraries). */
export const RELEASE_CONTRACT_NAME = '@portal/shared';

/** What the shell provides: its contract version and the installed version of each checked library. */
export interface ShellProvides {
  contract: number;
  libraries: Record<ReleaseLibrary, string>;
}

/** '<version>-<10 hex of the content hash>', e.g. '1.4.0-3fa94c0b1e' or '2.0.0-beta.1-3fa94c0b1e'. */
export const RELEASE_ID_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?-[0-9a-f]{10}$/;
export const RELEASE_ID_MAX = 80;

/** The block a release build writes into its mf-manifest.json under `portal`. */
export const releaseManifestBlockSchema = z.object({
  release: z.string().max(RELEASE_ID_MAX).regex(RELEASE_ID_PATTERN),
  version: z.string().max(RELEASE_ID_MAX),
  contract: z.number().int(),
});
export type ReleaseManifestBlock = z.infer<typeof releaseManifestBlockSchema>;

/** The package of a shared module's name: 'react/jsx-runtime' → 'react', '@mui/material/Button' → '@mui/material'. */
export function sharedPackageOf(name: string): string {
  const parts = name.split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The major versions a version or range names: '18.3.1' → [18], '^6.30.0' → [6], '^17 || ^18' → [17, 18]; none for
 * what names no version ('*', '', false, 'workspace:*').
 */
export function majorsOf(range: unknown): number[] {
  if (typeof range !== 'string') return [];
  return range
    .split('||')
    .map((part) => /^\s*(?:[\^~]|[<>]=?|=)?\s*v?(\d+)(?:[.\s]|$)/.exec(part)?.[1])
    .filter((major): major is string => major !== undefined)
    .map(Number);
}

/** One way a release does not fit the shell: a library (or the contract) it was built against, and the shell's. */
export interface ReleaseProblem {
  /** A RELEASE_CHECKED_LIBRARIES name or RELEASE_CONTRACT_NAME. */
  library: string;
  /** What the release names: a version or range of the library, or the contract version ('none' when missing). */
  built: string;
  /** What the shell provides. */
  shell: string;
}

interface ManifestShared {
  name?: unknown;
  version?: unknown;
  requiredVersion?: unknown;
}

/**
 * Why a release's mf-manifest.json does not fit the shell, empty when it does. The rule: its `portal.contract`
 * equals the shell's contract, and every shared module of a checked library in its `shared` list (what the remote
 * takes from the shell's share scope) names the shell's major, both in `version` (the version it was built with)
 * and in `requiredVersion` (the range it asks for; a range naming several majors fits when one is the shell's).
 * A library the release does not share is not used by it and fits.
 */
export function releaseProblems(manifest: unknown, shell: ShellProvides): ReleaseProblem[] {
  const body = (manifest && typeof manifest === 'object' ? manifest : {}) as {
    portal?: { contract?: unknown };
    shared?: unknown;
  };
  const problems: ReleaseProblem[] = [];
  const builtContract = body.portal?.contract;
  if (builtContract !== shell.contract) {
    problems.push({
      library: RELEASE_CONTRACT_NAME,
      built: typeof builtContract === 'number' ? String(builtContract) : 'none',
      shell: String(shell.contract),
    });
  }
  const shared = Array.isArray(body.shared) ? (body.shared as ManifestShared[]) : [];
  for (const library of RELEASE_CHECKED_LIBRARIES) {
    const shellMajor = majorsOf(shell.libraries[library])[0];
    for (const module of shared) {
      if (!module || typeof module.name !== 'string' || sharedPackageOf(module.name) !== library) continue;
      const offending = [module.version, module.requiredVersion].find((value) => {
        const majors = majorsOf(value);
        return majors.length > 0 && !majors.includes(shellMajor);
      });
      if (offending !== undefined) {
        problems.push({ library, built: String(offending), shell: shell.libraries[library] });
        break;
      }
    }
  }
  return problems;
}

/** Whether a manifest URL names its release's folder ('…/<release id>/mf-manifest.json'): such a URL never moves. */
export function isReleaseManifestUrl(manifestUrl: string, releaseId: string): boolean {
  try {
    const segments = new URL(manifestUrl, 'http://portal.invalid').pathname.split('/');
    return segments.at(-1) === 'mf-manifest.json' && decodeURIComponent(segments.at(-2) ?? '') === releaseId;
  } catch {
    return false;
  }
}

/** POST /api/staff/registry/:id/releases body: the release's mf-manifest.json. */
export const releaseInputSchema = manifestUrlInputSchema;
export type ReleaseInput = z.infer<typeof releaseInputSchema>;

/** One release of a registry entry as staff see it. */
export const staffReleaseSchema = z.object({
  id: z.string().describe("'<version>-<content hash>'"),
  version: z.string().describe("the remote's package version"),
  manifestUrl: z.string(),
  addedAt: z.string().describe('ISO timestamp'),
  addedBy: z.string().nullable().describe('email of the staff member who added it'),
  liveAt: z.string().nullable().describe('ISO timestamp: when it last went live; null when never'),
  liveBy: z.string().nullable().describe('email of the staff member who made it live last'),
});
export type StaffRelease = z.infer<typeof staffReleaseSchema>;

/** GET /api/staff/registry/:id/releases (and the answer of every release step). */
export const staffReleasesSchema = z.object({
  entryId: z.string(),
  /** The release every caller gets; null while the entry's manifest URL was set by hand. */
  live: z.string().nullable(),
  /** The release internal accounts get instead of the live one; null when none. */
  preview: z.string().nullable(),
  /** Where "Roll back" leads: the release that was live before the live one; null when there is none. */
  rollbackTo: z.string().nullable(),
  /** Newest first. */
  releases: z.array(staffReleaseSchema),
});
export type StaffReleases = z.infer<typeof staffReleasesSchema>;

/**
 * The release "Roll back" makes live: among the others, the one that went live last (so rolling back twice returns
 * to where it started); null when no other release was ever live.
 */
export function rollbackTarget(
  releases: readonly Pick<StaffRelease, 'id' | 'liveAt'>[],
  live: string | null,
): string | null {
  let best: { id: string; at: string } | null = null;
  for (const release of releases) {
    if (release.id === live || !release.liveAt) continue;
    if (!best || release.liveAt > best.at) best = { id: release.id, at: release.liveAt };
  }
  return best?.id ?? null;
}
