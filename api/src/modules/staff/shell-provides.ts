import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PORTAL_CONTRACT_VERSION, RELEASE_CHECKED_LIBRARIES, type ShellProvides } from '@portal/shared/domain';
import { API_ROOT } from '../../lib/api-root';

/** The shell's package folder beside the api's (the repository, and the install of the api image). */
export const SHELL_DIR = path.join(API_ROOT, '..', 'shell');

/**
 * What the shell provides to every remote: the contract version of @portal/shared and, per checked library, the
 * version installed for the shell. That is what the shared webpack preset gives the shell's share scope as `version`
 * (installedVersionOf in shared/webpack/preset.js: the library's package.json as the shell's folder resolves it);
 * the api is built from the same install as the shell it serves. Throws when a library does not resolve: a release
 * is then not checked, so it is not made live.
 */
export function readShellProvides(shellDir = SHELL_DIR): ShellProvides {
  const resolveFrom = createRequire(path.join(shellDir, 'package.json'));
  const libraries = {} as ShellProvides['libraries'];
  for (const library of RELEASE_CHECKED_LIBRARIES) {
    const file = resolveFrom.resolve(`${library}/package.json`);
    libraries[library] = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return { contract: PORTAL_CONTRACT_VERSION, libraries };
}

/**
 * What readShellProvides read when the api was built (scripts/build.mjs defines it): a production install has none of
 * the shell's libraries, they are the frontends' devDependencies (webpack bundles them). Undefined in the sources.
 */
declare const __SHELL_PROVIDES__: ShellProvides | undefined;

/** What the build read, else readShellProvides once per process (the installed packages do not change while it runs). */
export function shellProvidesOnce(shellDir = SHELL_DIR): () => ShellProvides {
  let provides: ShellProvides | null = typeof __SHELL_PROVIDES__ === 'undefined' ? null : __SHELL_PROVIDES__;
  return () => (provides ??= readShellProvides(shellDir));
}
