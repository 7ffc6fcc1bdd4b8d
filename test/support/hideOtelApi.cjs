// Preloaded (node --require) by the test of tracing without @opentelemetry/api: any require of it
// fails as it does where the optional package is not installed.
const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === '@opentelemetry/api') throw Object.assign(new Error(`Cannot find module '${request}'`), { code: 'MODULE_NOT_FOUND' });
  return resolve.call(this, request, ...rest);
};
