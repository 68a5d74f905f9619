// Types of operating-company.js (plain CommonJS, loaded by the api, the portal server and the webpack dev server).

export type PortalMode = 'production' | 'development' | 'test';

/** The seller printed on every invoice (§14(4) Nr. 1 and 2 UStG) and the processor of the AVV. */
export interface SellerConfig {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  vatId: string;
  taxNumber: string;
  email: string;
  phone: string;
  iban: string;
  bic: string;
  bankName: string;
  register: string;
  managingDirector: string;
}

export interface OperatingCompanyLinks {
  imprint: string;
  privacy: string;
  terms: string;
  androidApp: string;
  iosApp: string;
  freshdeskApp: string;
  freshdeskManual: string;
}

export interface OperatingCompany {
  seller: SellerConfig;
  /** Support address: the portal footer, mails, and the recipient of contact requests. */
  supportEmail: string;
  /** Data-protection contact named in the AVV. */
  privacyEmail: string;
  /** Sender of every mail ('Name <address>' or an address). */
  mailFrom: string;
  links: OperatingCompanyLinks;
}

export function portalMode(env?: Record<string, string | undefined>): PortalMode;
export function readOperatingCompany(env?: Record<string, string | undefined>): OperatingCompany;
export function companyProblems(env?: Record<string, string | undefined>): string[];
export const OPERATING_COMPANY_VARIABLES: readonly { env: string; demo: string; required: boolean }[];
