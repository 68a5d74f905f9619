// Locators and steps of the account journeys: by role and accessible name, texts from the locale files.
import { expect, type Locator, type Page } from '@playwright/test';
import { acc, cardTitle, escapeRegExp, navLabel, text, whole, type Lang } from '../locales';

/**
 * A notification in the shell's notification region whose text contains `message`. includeHidden: while a MUI dialog
 * is open, the shell root (and with it the region) carries aria-hidden, yet the notification is on screen.
 */
export function notification(page: Page, lang: Lang, message: string | RegExp): Locator {
  return page
    .getByRole('region', { name: text(lang, 'notifications_region'), includeHidden: true })
    .getByRole('alert', { includeHidden: true })
    .filter({ hasText: typeof message === 'string' ? new RegExp(escapeRegExp(message)) : message });
}

export function nav(page: Page, lang: Lang): Locator {
  return page.getByRole('navigation', { name: text(lang, 'nav_label') });
}

export function navLink(page: Page, lang: Lang, key: string): Locator {
  return nav(page, lang).getByRole('link', { name: whole(navLabel(lang, key)) });
}

export function profileLink(page: Page, lang: Lang): Locator {
  return page.getByRole('banner').getByRole('link', { name: whole(text(lang, 'nav_profile')) });
}

/** A dashboard feature card (an <article> named by its title). */
export function card(page: Page, lang: Lang, pluginName: string): Locator {
  return page.getByRole('main').getByRole('article', { name: cardTitle(lang, pluginName) });
}

/** The card's main button ("Buy: <title>", "Complete profile: <title>", …). */
export function cardButton(page: Page, lang: Lang, pluginName: string, buttonKey: string): Locator {
  return card(page, lang, pluginName).getByRole('button', {
    name: `${text(lang, buttonKey)}: ${cardTitle(lang, pluginName)}`,
  });
}

export async function openDashboard(page: Page, lang: Lang) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: whole(text(lang, 'dashboard_title')) })).toBeVisible();
  // Cards render once the registry and the session data are loaded (skeletons until then).
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
}

export function personalForm(page: Page, lang: Lang): Locator {
  return page.getByRole('form', { name: acc(lang, 'profile_personal_form') });
}

export function dataSourceForm(page: Page, lang: Lang): Locator {
  return page.getByRole('form', { name: acc(lang, 'ds_form_label') });
}

export function profileTabs(page: Page, lang: Lang): Locator {
  return page.getByRole('tablist', { name: acc(lang, 'profile_tabs_label') });
}

export function avvDialog(page: Page, lang: Lang): Locator {
  return page.getByRole('dialog', { name: acc(lang, 'avv_dialog_title') });
}

export interface ContactInput {
  firstName: string;
  lastName: string;
  companyName: string;
  countryLabel: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
}

/** Fills the personal-data form (field labels from the account locale) and saves it. */
export async function fillAndSaveProfile(page: Page, lang: Lang, contact: ContactInput) {
  const form = personalForm(page, lang);
  const field = (key: string) => form.getByRole('textbox', { name: whole(acc(lang, key)) });
  await field('profile_first_name').fill(contact.firstName);
  await field('profile_last_name').fill(contact.lastName);
  await field('profile_company_name').fill(contact.companyName);
  const country = form.getByRole('combobox', { name: whole(acc(lang, 'profile_country')) });
  // Clear first: typing the value the field already shows would not open the list. On a busy machine the profile
  // can arrive between typing and choosing and put the saved country back, closing the list: then type again.
  await expect(async () => {
    await country.fill('');
    await country.fill(contact.countryLabel);
    await page.getByRole('option', { name: contact.countryLabel, exact: true }).click({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  await expect(country).toHaveValue(contact.countryLabel);
  await field('profile_street').fill(contact.street);
  await field('profile_house_number').fill(contact.houseNumber);
  await field('profile_postal_code').fill(contact.postalCode);
  await field('profile_city').fill(contact.city);
  await form.getByRole('button', { name: whole(acc(lang, 'profile_save')) }).click();
  await expect(notification(page, lang, acc(lang, 'success_profile_updated'))).toBeVisible();
}

/** Waits until the personal-data form is there (the remote loaded and the profile arrived). */
export async function expectProfileLoaded(page: Page, lang: Lang) {
  await expect(page.getByRole('heading', { level: 1, name: whole(acc(lang, 'profile_title')) })).toBeVisible();
  await expect(personalForm(page, lang)).toBeVisible();
}
