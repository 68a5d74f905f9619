import { apiErrorKey, useHttp } from '@portal/shared';
import { useCallback, useRef, useState } from 'react';
import type { ManifestCheckResult } from '@portal/shared/domain';
import { checkManifest } from '../api';

export type ManifestCheckState =
  | { status: 'idle' }
  | { status: 'checking'; manifestUrl: string }
  | { status: 'done'; manifestUrl: string; result: ManifestCheckResult }
  | { status: 'failed'; manifestUrl: string; errorKey: string };

/** Asks the api to load a manifest (POST /staff/registry/check); only the answer of the latest check counts. */
export function useManifestCheck() {
  const http = useHttp();
  const [state, setState] = useState<ManifestCheckState>({ status: 'idle' });
  const latest = useRef(0);

  const check = useCallback(
    async (manifestUrl: string) => {
      const run = ++latest.current;
      setState({ status: 'checking', manifestUrl });
      try {
        const result = await checkManifest(http, manifestUrl);
        if (run === latest.current) setState({ status: 'done', manifestUrl, result });
      } catch (error) {
        if (run === latest.current) {
          // The field's own message when the api names one (e.g. a URL that is no mf-manifest.json).
          const fieldKey = (error as { fields?: Record<string, string> }).fields?.manifestUrl;
          setState({
            status: 'failed',
            manifestUrl,
            errorKey: fieldKey ?? apiErrorKey(error as { slug?: string; status?: number }),
          });
        }
      }
    },
    [http],
  );
  const reset = useCallback(() => {
    latest.current++;
    setState({ status: 'idle' });
  }, []);
  return { state, check, reset };
}
