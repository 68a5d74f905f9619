import type { ReactElement } from 'react';
import { commonResources, renderWithPortal, type RenderWithPortalOptions } from '@portal/shared/testing';
import de from '../locales/de.json';
import en from '../locales/en.json';

/** renderWithPortal with this remote's translations registered (English by default). */
export function renderAccount(ui: ReactElement, options: RenderWithPortalOptions = {}) {
  return renderWithPortal(ui, { translations: [{ id: 'account', translations: { en, de } }], ...options });
}

export { en };
/** English texts of the `common` namespace (validation and api error messages). */
export const common = commonResources().en.common as Record<string, string>;

/** A small valid base64 PDF body (content does not matter to the UI). */
export const PDF_BASE64 = btoa('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

/** A promise you resolve or reject later, for "while loading" assertions. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
