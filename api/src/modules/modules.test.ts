import fs from 'node:fs';
import path from 'node:path';
import { apiModules } from './index';

describe('api modules', () => {
  // The prefix is the folder path (prefixOf); this keeps the list and the folders in step.
  it('lists every folder that has a routes.ts, once', () => {
    const withRoutes = (dir: string): string[] =>
      fs
        .readdirSync(path.join(__dirname, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .flatMap((e) => {
          const folder = dir ? `${dir}/${e.name}` : e.name;
          const own = fs.existsSync(path.join(__dirname, folder, 'routes.ts')) ? [folder] : [];
          return [...own, ...withRoutes(folder)];
        });
    const listed = apiModules.map((m) => m.folder);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(withRoutes('').sort());
  });

  it('gives every module an index.ts, its public face', () => {
    const missing = apiModules.filter((m) => !fs.existsSync(path.join(__dirname, m.folder, 'index.ts')));
    expect(missing.map((m) => m.folder)).toEqual([]);
  });
});
