// Renders the staff console on its own (no shell around it) with the staff api answered by staffRoutes.
import { renderWithPortal } from '@portal/shared/testing';
import { StaffPage } from '../staff/components/staff-page';
import { shellTranslations, staffRoutes } from './staff-fixtures';

export interface RenderStaffOptions {
  language?: 'en' | 'de';
  /** The address opened: '/staff' (the registry tab) unless a tab is named ('/staff?tab=audit'). */
  route?: string;
}

/** The staff console at `route`, with `routes` answering on top of the default staff api. */
export function renderStaffPage(routes: Record<string, unknown> = {}, options: RenderStaffOptions = {}) {
  return renderWithPortal(<StaffPage />, {
    route: options.route ?? '/staff',
    path: '/staff',
    language: options.language,
    translations: shellTranslations,
    http: staffRoutes(routes),
  });
}

export type StaffView = ReturnType<typeof renderStaffPage>;

/** Types by pasting: one change event instead of one per character (the staff dialogs are large). */
export async function pasteInto(view: StaffView, element: HTMLElement, text: string) {
  await view.user.click(element);
  await view.user.paste(text);
}
