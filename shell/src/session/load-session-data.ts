// The calls of the session's data initialisation after sign-in; each loader returns the part of the session it fills.
import { isApiError, isNotFoundError, type HttpClient } from '@portal/shared';
import type {
  ApiUser,
  AuthUser,
  AvvAcceptance,
  DataSource,
  LanguageInput,
  License,
  Page,
  Profile,
  ProfileContact,
} from '@portal/shared/domain';

export async function fetchApiUser(http: HttpClient, email: string): Promise<ApiUser> {
  return http.get<ApiUser>('/user', { query: { userEmail: email }, silent: true });
}

/** Registration's second step (the api user), also the repair of a half-failed registration (POST /user is idempotent). */
export async function createApiUser(http: HttpClient, user: AuthUser): Promise<ApiUser> {
  return http.post<ApiUser>('/user', { Id: user.uid, Email: user.email }, { silent: true });
}

/** The api user exists but is inactive: the api answers 403 'account-inactive'. */
export function isAccountInactive(error: unknown): boolean {
  return isApiError(error) && error.slug === 'account-inactive';
}

export async function fetchProfile(http: HttpClient): Promise<Profile> {
  const [contact, avv, language] = await Promise.all([
    http.get<ProfileContact>('/user/profile/contact'),
    http.get<AvvAcceptance>('/user/profile/avv-accepted-date'),
    http.get<LanguageInput>('/user/profile/language'),
  ]);
  return {
    contact,
    avv: { isAccepted: avv.avvAcceptedDate != null, acceptedDate: avv.avvAcceptedDate, version: avv.version },
    language: language.language,
  };
}

/** 404 → null (no data source yet); anything else, an Unauthorized above all, fails the part. */
export async function fetchDataSource(http: HttpClient, email: string): Promise<DataSource | null> {
  try {
    return await http.get<DataSource>('/user/ds', { query: { email } });
  } catch (error) {
    if (isNotFoundError(error) && !(isApiError(error) && error.status === 401)) return null;
    throw error;
  }
}

export async function fetchLicenses(http: HttpClient): Promise<License[]> {
  try {
    const page = await http.get<Page<License>>('/license/all', { query: { page: 1, pageSize: 100 } });
    return page.items;
  } catch (error) {
    if (isNotFoundError(error)) return [];
    throw error;
  }
}
