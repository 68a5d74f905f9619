export function postgresAnswers(baseUrl: string): Promise<boolean>;
export function scratchDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }>;
export function adminQuery(baseUrl: string, statement: string): Promise<void>;
