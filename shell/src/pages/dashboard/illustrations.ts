import freshDesk from '../../assets/fresh_desk.svg';
import gpsr from '../../assets/gpsr.svg';
import lieferbar from '../../assets/lieferbar.svg';
import magicMatrix from '../../assets/magic_matrix.svg';
import mobile from '../../assets/mobile.svg';

const ILLUSTRATIONS: Record<string, string> = {
  fresh_desk: freshDesk,
  mobile,
  magic_matrix: magicMatrix,
  gpsr,
  lieferbar,
};

/**
 * The registry's `illustration` is a key ('fresh_desk'); the shell ships an illustration for every plugin, so
 * anything else (e.g. a path no server serves) falls back to the plugin's own one before being used as a URL.
 */
export function illustrationUrl(illustration: string, pluginName: string): string | undefined {
  return (
    ILLUSTRATIONS[illustration] ??
    ILLUSTRATIONS[pluginName] ??
    (/^(\/|https?:)/.test(illustration) ? illustration : undefined)
  );
}
