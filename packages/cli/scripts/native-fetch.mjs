// Stands in for node-fetch-native in the bundle: Node 20 has fetch, Headers and
// AbortController built in, and ofetch uses them when present, so the polyfill (about
// 115 kB that every command would parse) is dead weight.
export default (...args) => globalThis.fetch(...args);
export const fetch = (...args) => globalThis.fetch(...args);
export const Headers = globalThis.Headers;
export const Request = globalThis.Request;
export const Response = globalThis.Response;
export const FormData = globalThis.FormData;
export const AbortController = globalThis.AbortController;
export const Blob = globalThis.Blob;
export const File = globalThis.File;
