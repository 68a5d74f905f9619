// Preloaded (`node -r`) into the Firebase Auth emulator by scripts/stack.mjs and api/test/emulator.cjs.
//
// The emulator serves the Identity Toolkit api through exegesis, which by default compiles the JSON schema of every
// operation with ajv before it listens: most of the 17-20 s the emulator took to start on a two-core machine (14 s
// of ajv in a CPU profile), nearly all of it for operations the portal never calls. exegesis (>= 4.2) can compile
// an operation's schemas on its first call instead (`lazyCompileValidationSchemas`); firebase-tools does not pass
// the option, so this file sets it. Requests are validated as before. If the module is not where firebase-tools
// keeps it, nothing changes (scripts/emulator-lazy-schemas.test.mjs notices).

const path = require('node:path');

try {
  const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json', { paths: [__dirname] }));
  const exegesis = require(require.resolve('exegesis', { paths: [firebaseTools] }));
  const compileApi = exegesis.compileApi;
  if (typeof compileApi === 'function') {
    exegesis.compileApi = (openApiDoc, options, done) =>
      compileApi(openApiDoc, { lazyCompileValidationSchemas: true, ...options }, done);
  }
} catch {
  // firebase-tools or exegesis moved: the emulator starts as it would without this file.
}
