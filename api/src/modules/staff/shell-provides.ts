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
 * the api is installed from the same lockfile as the shell it serves. Throws when a library does not resolve: a
 * release is then not checked, so it is not made live.
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

/** readShellProvides once per process (the installed packages do not change while it runs). */
export function shellProvidesOnce(shellDir = SHELL_DIR): () => ShellProvides {
  let provides: ShellProvides | null = null;
  return () => (provides ??= readShellProvides(shellDir));
}
