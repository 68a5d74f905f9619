import fs from 'node:fs';
import path from 'node:path';
import { apiModules } from './index';

const SRC = path.join(__dirname, '..');

/** Folders under api/src/<dir> (recursively) that hold a routes file (routes.ts or <name>-routes.ts). */
const withRoutes = (dir: string): string[] =>
  fs
    .readdirSync(path.join(SRC, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const folder = `${dir}/${e.name}`;
      const files = fs.readdirSync(path.join(SRC, folder));
      const own = files.some((f) => f === 'routes.ts' || f.endsWith('-routes.ts')) ? [folder] : [];
      return [...own, ...withRoutes(folder)];
    });

describe('api modules', () => {
  // A plugin is served under its folder's path, or under the prefix of the module whose URLs it serves from above
  // (modules/index.ts says which); this keeps the list and the folders in step.
  it('lists every folder that has a routes file, and every plugin once', () => {
    const listed = apiModules.map((m) => m.folder);
    const plugins = apiModules.map((m) => m.plugin);
    expect(new Set(plugins).size).toBe(plugins.length);
    expect([...new Set(listed)].sort()).toEqual([...withRoutes('modules'), 'jobs'].sort());
  });

  it('gives every module an index.ts, its public face', () => {
    const missing = apiModules.filter(
      (m) => m.folder.startsWith('modules/') && !fs.existsSync(path.join(SRC, m.folder, 'index.ts')),
    );
    expect(missing.map((m) => m.folder)).toEqual([]);
  });

  it('serves every plugin under the path of a module folder', () => {
    const strays = apiModules.filter((m) => !fs.existsSync(path.join(SRC, 'modules', m.prefix, 'index.ts')));
    expect(strays.map((m) => m.prefix)).toEqual([]);
  });
});
