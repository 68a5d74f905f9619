const { createJestConfig } = require('@portal/shared/jest');
module.exports = createJestConfig(__dirname);
