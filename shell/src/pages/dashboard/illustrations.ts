import magicMatrix from '../../assets/magic_matrix.svg';

/**
 * Pictures the shell ships for its own pages' cards (Content Master is a shell page, not a remote). A remote ships
 * its card picture itself (definePortalRemote's `card.illustration`).
 */
const SHELL_ILLUSTRATIONS: Record<string, string> = {
  magic_matrix: magicMatrix,
};

/**
 * The registry's `illustration` (set by staff) wins: a key of the shell's own pictures or an image URL. Otherwise,
 * or when it names nothing the shell has, the remote's own picture.
 */
export function illustrationUrl(
  registryIllustration: string | undefined,
  remoteIllustration?: string,
): string | undefined {
  const fromRegistry = registryIllustration?.trim();
  if (fromRegistry) {
    if (SHELL_ILLUSTRATIONS[fromRegistry]) return SHELL_ILLUSTRATIONS[fromRegistry];
    if (/^(\/|https?:)/.test(fromRegistry)) return fromRegistry;
  }
  return remoteIllustration;
}
