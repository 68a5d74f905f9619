import {
  isReleaseManifestUrl,
  RELEASE_CONTRACT_NAME,
  releaseManifestBlockSchema,
  releaseProblems,
  type ShellProvides,
} from '@portal/shared/domain';
import type { AppConfig } from '../../config';
import { HttpError } from '../../lib/http-error';
import { loadManifest, type ManifestLoadOptions } from './manifest-check';

export interface CheckedRelease {
  id: string;
  version: string;
  /** The manifest's container name. */
  remoteName: string | null;
}

export interface ReleaseCheckDeps {
  config: Pick<AppConfig, 'mode' | 'portalOrigins' | 'remoteManifestHosts'>;
  shellProvides: () => ShellProvides;
  manifestOptions?: ManifestLoadOptions;
}

/**
 * Loads a release's mf-manifest.json (under the manifest check's rules: allow-listed hosts, 3 s, no redirects) and
 * says whether it may go live or into preview; throws the 400 that names why not:
 * - release-unavailable: no valid manifest exposing './remote' at the URL (field manifestUrl: which of the reasons);
 * - release-not-a-release: no release block from the release build, or a URL that does not name the release's
 *   folder (such a URL could later serve other code than the one checked);
 * - release-incompatible: another container than the entry's (field remote), or built against another contract or
 *   library major than the shell provides (field `shared.<library>` per library, the versions in the message).
 */
export async function checkRelease(
  deps: ReleaseCheckDeps,
  manifestUrl: string,
  expectedRemote: string,
): Promise<CheckedRelease> {
  const { result, body } = await loadManifest(manifestUrl, deps.config, deps.manifestOptions);
  if (!result.valid) {
    const reason = result.reason ?? 'not-reachable';
    throw new HttpError(400, 'release-unavailable', `No valid manifest at ${manifestUrl}: ${reason}`, {
      manifestUrl: `api_error_release_manifest_${reason.replace(/-/g, '_')}`,
    });
  }
  const block = releaseManifestBlockSchema.safeParse((body as { portal?: unknown }).portal);
  if (!block.success || !isReleaseManifestUrl(manifestUrl, block.data.release)) {
    throw new HttpError(
      400,
      'release-not-a-release',
      'The manifest is not one of a release build, or its URL does not name the release folder (…/<version>-<hash>/mf-manifest.json)',
      { manifestUrl: 'api_error_release_not_a_release' },
    );
  }
  const release = block.data.release;
  if (result.remoteName !== expectedRemote) {
    throw new HttpError(
      400,
      'release-incompatible',
      `Release ${release} is the container ${result.remoteName ?? '(unnamed)'}, not the entry's ${expectedRemote}`,
      { manifestUrl: 'api_error_release_incompatible', remote: 'api_error_release_other_remote' },
    );
  }
  const problems = releaseProblems(body, deps.shellProvides());
  if (problems.length > 0) {
    const fields: Record<string, string> = { manifestUrl: 'api_error_release_incompatible' };
    for (const problem of problems) {
      fields[`shared.${problem.library}`] =
        problem.library === RELEASE_CONTRACT_NAME ? 'api_error_release_contract' : 'api_error_release_library_major';
    }
    const named = problems.map((p) => `${p.library} ${p.built} (the shell provides ${p.shell})`).join(', ');
    throw new HttpError(400, 'release-incompatible', `Release ${release} was built against ${named}`, fields);
  }
  return { id: release, version: block.data.version, remoteName: result.remoteName };
}
