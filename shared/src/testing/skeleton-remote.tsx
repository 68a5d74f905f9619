import { screen } from '@testing-library/react';
import type { Language } from '../domain/types';
import { expectSameKeys } from '../i18n/same-keys';
import type { PortalRemote } from '../remote/types';
import { renderRemote } from './render-with-portal';

export interface SkeletonPage {
  /** The URL opened (route parameters filled in), e.g. '/features/gpsr/product/edit/p-42'. */
  url: string;
  title: Record<Language, string>;
  /** Title of the notice that says what is not available yet. */
  notice: Record<Language, string>;
  /** Target of the header's Back link; null when the page has none. */
  backTo: string | null;
}

export interface SkeletonRemoteSpec {
  id: string;
  /** The route paths the remote declares, in order. */
  paths: string[];
  pages: SkeletonPage[];
}

/**
 * The tests every skeleton remote shares: its id and absolute route paths, complete translations in both
 * languages, and each page mounted as the shell mounts it, with its header and upcoming-work notice in English
 * and German.
 */
export function describeSkeletonRemote(remote: PortalRemote, { id, paths, pages }: SkeletonRemoteSpec): void {
  describe(`${id} remote`, () => {
    it(`is the ${id} remote with absolute route paths`, () => {
      expect(remote.id).toBe(id);
      expect(remote.routes.map((route) => route.path)).toEqual(paths);
    });

    it('has the same keys in English and German and no empty texts', () => {
      expect(() => expectSameKeys(remote.translations.en, remote.translations.de)).not.toThrow();
    });

    it.each(pages)(
      'mounts $url with its header and the upcoming-work notice',
      async ({ url, title, notice, backTo }) => {
        const view = renderRemote(remote, { route: url, language: 'en' });
        // Pages may be lazy chunks (lazyPage): wait for the header.
        expect(await screen.findByRole('heading', { level: 1, name: title.en })).toBeInTheDocument();
        expect(screen.getByText(notice.en)).toBeInTheDocument();
        expect(screen.queryByRole('link', { name: 'Back' })?.getAttribute('href') ?? null).toBe(backTo);
        view.unmount();

        renderRemote(remote, { route: url, language: 'de' });
        expect(await screen.findByRole('heading', { level: 1, name: title.de })).toBeInTheDocument();
        expect(screen.getByText(notice.de)).toBeInTheDocument();
      },
    );
  });
}
