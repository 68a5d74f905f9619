import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder whose package.json is `@portal/api`, found by walking up from `start`. The code runs from `src/…`
 * (tsx, jest) and bundled from `dist/` (production), at different depths: files the api reads at run time
 * (drizzle/, assets/, registry/) are located from this folder, never by counting `..` from __dirname.
 */
export function findApiRoot(start: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === '@portal/api') return dir;
    } catch {
      // No (readable) package.json here: look further up.
    }
    if (path.dirname(dir) === dir) throw new Error(`no @portal/api package.json above ${start}`);
  }
}

/** The api package folder (`api/` of the repository or of a production install). */
export const API_ROOT = findApiRoot(__dirname);
