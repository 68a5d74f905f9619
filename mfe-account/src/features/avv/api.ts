import { useMemo } from 'react';
import { useHttp } from '@portal/shared';
import type { AvvAcceptance, AvvContractPdf, AvvCurrent, AvvHistory } from '@portal/shared/domain';

/** Typed calls for the AVV (data-processing agreement) on top of the shell's http client. */
export function useAvvApi() {
  const http = useHttp();
  return useMemo(
    () => ({
      /** The contract as base64 PDF, in the interface language. */
      async fetchContractPdf(lang: string): Promise<string> {
        const answer = await http.get<AvvContractPdf>('/user/profile/avv/download', { query: { lang } });
        if (!answer?.pdf) throw new Error('Failed to load AVV PDF');
        return answer.pdf;
      },
      accept(): Promise<AvvAcceptance> {
        return http.post<AvvAcceptance>('/user/profile/avv-accepted-date');
      },
      /** The version in force (with its sub-processors) and the caller's newest acceptance. */
      fetchCurrent(): Promise<AvvCurrent> {
        return http.get<AvvCurrent>('/avv/current');
      },
      /** The caller's acceptances, newest first. */
      fetchHistory(): Promise<AvvHistory> {
        return http.get<AvvHistory>('/avv/history');
      },
    }),
    [http],
  );
}

/** i18next language → the two languages the api renders the contract in. */
export function contractLanguage(language: string | undefined): 'de' | 'en' {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'de';
}
