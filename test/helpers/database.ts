/** Where the PostgreSQL run of the suite connects: DATABASE_URL names the server (its database is not used). */
export function postgresRequested(): boolean {
  return Boolean(process.env.DATABASE_URL);
}

export function adminUrl(): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = '/postgres';
  return url.toString();
}

export function databaseUrlFor(database: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}
