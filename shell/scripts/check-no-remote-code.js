// Fails the build when the shell bundle contains code of a remote (mfe-*) or declares build-time remotes.
// Remotes must only ever be loaded at runtime from the registry.
const fs = require('fs');
const path = require('path');

const dist = path.join(__dirname, '..', 'dist');
const problems = [];

for (const file of fs.readdirSync(dist).filter((name) => name.endsWith('.js.map'))) {
  const { sources = [] } = JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8'));
  for (const source of sources) if (/(^|[\\/])mfe-[a-z]+[\\/]/.test(source)) problems.push(`${file}: ${source}`);
}

const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
if ((manifest.remotes ?? []).length > 0)
  problems.push(`mf-manifest.json declares remotes: ${JSON.stringify(manifest.remotes)}`);

if (problems.length > 0) {
  console.error(`The shell bundle contains remote code:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('check-no-remote-code: ok (no mfe-* sources, no build-time remotes)');
