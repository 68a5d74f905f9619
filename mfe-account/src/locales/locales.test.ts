import de from './de.json';
import en from './en.json';

function placeholders(text: string): string[] {
  return (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
}

describe('account locales', () => {
  it('en and de have the same keys', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
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
    // Keys referenced literally as t('…') in the sources.
    const fs = require('fs') as typeof import('fs');
    const path = require('path') as typeof import('path');
    const root = path.join(__dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
      }
    };
    walk(root);
    const used = new Set<string>();
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\('([a-zA-Z_]+)'/g)) used.add(match[1]);
      for (const match of source.matchAll(/labelKey: '([a-zA-Z_]+)'/g)) used.add(match[1]);
    }
    const missing = [...used].filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });
});
