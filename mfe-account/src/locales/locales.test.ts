import fs from 'fs';
import path from 'path';
import de from './de.json';
import en from './en.json';

function placeholders(text: string): string[] {
  return (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('account locales', () => {
  it('en and de have the same keys, all flat snake_case', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) expect(key).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
  });

  it('no text is empty and both languages use the same placeholders', () => {
    const enMap = en as Record<string, string>;
    const deMap = de as Record<string, string>;
    for (const key of Object.keys(enMap)) {
      expect(enMap[key].trim()).not.toBe('');
      expect(deMap[key].trim()).not.toBe('');
      expect([key, placeholders(deMap[key])]).toEqual([key, placeholders(enMap[key])]);
    }
  });

  it('every key the code uses exists', () => {
    // Keys referenced literally as t('…') (outside the common namespace), as label keys or in the field-label map.
    const used = new Set<string>();
    for (const file of sourceFiles(path.join(__dirname, '..'))) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\('([a-z0-9_]+)'(?!, \{ ns: 'common')/g)) used.add(match[1]);
      for (const match of source.matchAll(/(?:labelKey|\w+): '((?:ds|profile)_[a-z0-9_]+)'/g)) used.add(match[1]);
    }
    const missing = [...used].filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });
});
