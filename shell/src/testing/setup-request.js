// jsdom has no Request; react-router's data routers build one for every navigation (signal + url only).
if (typeof globalThis.Request === 'undefined') {
  globalThis.Request = class Request {
    constructor(input, init = {}) {
      this.url = typeof input === 'string' ? input : String(input.url ?? input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = new Headers(init.headers ?? {});
      this.body = init.body ?? null;
    }
  };
}
