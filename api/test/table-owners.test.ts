// One writer per table. Every table of src/db/schema.ts has exactly one owner: the folder under api/src (a module
// and the modules nested in it) or the file whose code alone inserts, updates or deletes its rows. Any other code
// asks the owner, through a function its index.ts exports, so the rules of a table (which status may follow which,
// which rows change together, what a lock guards) live in one place. Found on the source with the TypeScript parser:
// Drizzle's insert(table), update(table) and delete(table) with a table of the schema, and SQL text (string or
// template, also sql`…`) with INSERT INTO, UPDATE or DELETE FROM and a table's name or ${table}. Exempt: tests, the
// demo seed (src/seed sets up its fixed demo rows), src/db (the schema, migrations and backups), and what the
// database does by itself (foreign-key cascades, the triggers of drizzle/).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '..', 'src');

/** The owner of each table (by its SQL name): a folder or a file under api/src. */
const OWNERS: Record<string, string> = {
  users: 'modules/user',
  profiles: 'modules/user',
  contact_requests: 'modules/user',
  data_sources: 'modules/user/ds',
  paypal_auth: 'modules/user/paypal',
  avv_versions: 'modules/avv',
  avv_acceptances: 'modules/avv',
  products: 'modules/license/product',
  licenses: 'modules/license',
  license_usage: 'modules/license/usage',
  subscriptions: 'modules/subscription',
  billing_events: 'modules/subscription',
  invoices: 'modules/invoice',
  invoice_documents: 'modules/invoice',
  invoice_counters: 'modules/invoice',
  payments: 'modules/payment',
  payment_events: 'modules/payment',
  post_payment_steps: 'modules/purchase',
  gpsr_products: 'modules/gpsr',
  gpsr_files: 'modules/gpsr',
  gpsr_versions: 'modules/gpsr',
  gpsr_version_files: 'modules/gpsr',
  registry_entries: 'modules/portal',
  app_meta: 'modules/portal',
  registry_releases: 'modules/portal',
  registry_audit: 'modules/staff',
  job_runs: 'jobs',
  rate_limit_counters: 'plugins/rate-limit-pg-store.ts',
};

const EXEMPT = ['seed', 'db'];

/** The schema's tables: the name of their export → their SQL name. */
const schemaText = fs.readFileSync(path.join(SRC, 'db', 'schema.ts'), 'utf8');
const TABLES = new Map([...schemaText.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((m) => [m[1], m[2]]));
const SQL_NAMES = new Set(TABLES.values());

const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

interface Write {
  /** The file, relative to api/src. */
  file: string;
  line: number;
  table: string;
}

const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:"?([a-z_]+)"?|\$\{\s*(\w+)\s*\})/gi;

/** Every write to a table of the schema in one file. */
function writesIn(file: string): Write[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rel = path.relative(SRC, file).split(path.sep).join('/');
  const found: Write[] = [];
  const add = (node: ts.Node, table: string) =>
    found.push({ file: rel, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, table });
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]) &&
      TABLES.has(node.arguments[0].text)
    ) {
      add(node, TABLES.get(node.arguments[0].text)!);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      for (const m of node.getText(source).matchAll(SQL_WRITE)) {
        const table = m[1] ? m[1].toLowerCase() : TABLES.get(m[2]);
        if (table && SQL_NAMES.has(table)) add(node, table);
      }
      return; // the spans of a template are inside the text just read
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const isUnder = (file: string, owner: string) => file === owner || file.startsWith(`${owner}/`);

const writes = sourceFiles(SRC)
  .filter((file) => !EXEMPT.some((dir) => isUnder(path.relative(SRC, file).split(path.sep).join('/'), dir)))
  .flatMap(writesIn);

describe('one writer per table', () => {
  it('names the owner of every table of the schema, and no other', () => {
    expect(TABLES.size).toBeGreaterThan(20);
    expect(Object.keys(OWNERS).sort()).toEqual([...SQL_NAMES].sort());
    for (const owner of new Set(Object.values(OWNERS))) expect(fs.existsSync(path.join(SRC, owner))).toBe(true);
  });

  it('writes each table only in its owner', () => {
    const strays = writes
      .filter((w) => !isUnder(w.file, OWNERS[w.table]))
      .map((w) => `${w.file}:${w.line} writes ${w.table}, which ${OWNERS[w.table]} owns`);
    expect(strays).toEqual([]);
  });

  it('finds the writes of every table in its owner (the owner list is current and the scan sees them)', () => {
    const written = new Set(writes.map((w) => w.table));
    expect([...SQL_NAMES].filter((table) => !written.has(table)).sort()).toEqual([]);
  });
});
