import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './stack.mjs';

const require = createRequire(import.meta.url);
// The exegesis that the Auth emulator loads: firebase-tools' own.
const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json', { paths: [ROOT] }));
const exegesis = require(require.resolve('exegesis', { paths: [firebaseTools] }));

test("the emulator preload has the emulator's exegesis compile request schemas on first use", () => {
  const real = exegesis.compileApi;
  const calls = [];
  exegesis.compileApi = (doc, options) => calls.push(options);
  try {
    require('./emulator-lazy-schemas.cjs');
    exegesis.compileApi({}, { validateDefaultResponses: true });
    exegesis.compileApi({}, { lazyCompileValidationSchemas: false });
  } finally {
    exegesis.compileApi = real;
  }
  assert.deepEqual(calls, [
    { lazyCompileValidationSchemas: true, validateDefaultResponses: true },
    // An explicit choice of the emulator's own would be kept.
    { lazyCompileValidationSchemas: false },
  ]);
  // This exegesis knows the option (an older one would ignore it, and the emulator would start slowly again).
  const { compileOptions } = require(require.resolve('exegesis/lib/options', { paths: [firebaseTools] }));
  assert.equal(compileOptions({ lazyCompileValidationSchemas: true }).lazyCompileValidationSchemas, true);
});
