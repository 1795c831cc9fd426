#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/models/errors.ts
var EndpointError = class extends Error {
  name = "EndpointError";
  kind;
  model;
  status;
  attempts;
  constructor(kind, model, message, options = {}) {
    super(`${model}: ${message}`, { cause: options.cause });
    this.kind = kind;
    this.model = model;
    this.status = options.status;
    this.attempts = options.attempts ?? 1;
  }
};
function isEndpointError(error) {
  return error instanceof EndpointError;
}
function countsAsModelError(error, signal) {
  return !signal?.aborted && !(isEndpointError(error) && error.kind === "stopped");
}

export {
  EndpointError,
  isEndpointError,
  countsAsModelError
};
