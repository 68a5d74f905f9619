// One contract: the api declares no schema of an entity @portal/shared declares, and re-exports none of
// shared's names. Checked on the source with the TypeScript compiler API.
import fs from 'node:fs';
import path from 'node:path';
import * as domain from '@portal/shared/domain';
import ts from 'typescript';

const API_SRC = path.resolve(__dirname, '..', 'src');
const SHARED_DOMAIN = path.resolve(__dirname, '..', '..', 'shared', 'src', 'domain');

const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

const parse = (file: string, text = fs.readFileSync(file, 'utf8')) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

const propertyName = (p: ts.ObjectLiteralElementLike): string | undefined =>
  p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;

/** Key sets of every `z.object({ … })` literal in a file. */
function objectLiterals(source: ts.SourceFile): { keys: string[]; line: number }[] {
  const found: { keys: string[]; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.expression.getText(source) === 'z' &&
      node.expression.name.text === 'object' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      const keys = node.arguments[0].properties.map(propertyName).filter((k): k is string => !!k);
      found.push({ keys, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Names a file exports (declarations and `export { … }`). */
function exportedNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (ts.isVariableStatement(statement) && exported) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
    } else if (
      exported &&
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      names.push(...statement.exportClause.elements.map((e) => e.name.text));
    }
  }
  return names;
}

type Shape = { name: string; keys: string[] };
const sharedShapes: Shape[] = Object.entries(domain).flatMap(([name, value]) => {
  const def = (value as { _zod?: { def?: { type?: string; shape?: Record<string, unknown> } } })?._zod?.def;
  return def?.type === 'object' && def.shape ? [{ name, keys: Object.keys(def.shape) }] : [];
});

/** A literal re-declares a shared entity when it has the same keys, or at least 3 keys all taken from one entity. */
function redeclared(keys: string[]): Shape | undefined {
  if (keys.length < 2) return undefined;
  return sharedShapes.find(
    (s) =>
      (s.keys.length === keys.length && keys.every((k) => s.keys.includes(k))) ||
      (keys.length >= 3 && keys.every((k) => s.keys.includes(k))),
  );
}

function violations(files: { file: string; source: ts.SourceFile }[]): string[] {
  return files.flatMap(({ file, source }) =>
    objectLiterals(source).flatMap(({ keys, line }) => {
      const shape = redeclared(keys);
      return shape ? [`${path.relative(API_SRC, file)}:${line} re-declares ${shape.name} {${keys.join(', ')}}`] : [];
    }),
  );
}

const apiFiles = sourceFiles(API_SRC).map((file) => ({ file, source: parse(file) }));

describe('one contract between api and @portal/shared', () => {
  it('finds the shared entity schemas it compares with', () => {
    expect(sharedShapes.map((s) => s.name)).toEqual(
      expect.arrayContaining(['productSchema', 'licenseSchema', 'apiUserSchema', 'subUserSchema', 'dataSourceSchema']),
    );
  });

  it('detects a re-declared entity (the check itself can fail)', () => {
    const copy = parse(
      'copy.ts',
      'const money = z.object({ amount: z.number(), currency: z.string() });\nconst part = z.object({ id: z.string(), email: z.string(), isActive: z.boolean() });',
    );
    expect(violations([{ file: path.join(API_SRC, 'copy.ts'), source: copy }])).toEqual([
      'copy.ts:1 re-declares moneySchema {amount, currency}',
      'copy.ts:2 re-declares apiUserSchema {id, email, isActive}',
    ]);
  });

  it('the api declares no z.object of an entity shared declares', () => {
    expect(violations(apiFiles)).toEqual([]);
  });

  it('the api exports none of the names shared/domain exports', () => {
    const shared = new Set(sourceFiles(SHARED_DOMAIN).flatMap((f) => exportedNames(parse(f))));
    expect(shared.has('isLicenseValid') && shared.has('License')).toBe(true);
    const clashes = apiFiles.flatMap(({ file, source }) =>
      exportedNames(source)
        .filter((name) => shared.has(name))
        .map((name) => `${path.relative(API_SRC, file)} exports ${name}`),
    );
    expect(clashes).toEqual([]);
  });
});
