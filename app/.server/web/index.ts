// What routes use to read a request and answer it: JSON answers in the
// caller's language with typed failures mapped once, the status APIs, and
// the public API's OpenAPI document.
export { api, apiLang, json, orHome, refererLang } from "./respond.ts";
export { jsonData, postOnly, statusApi } from "./status-api.ts";
export { API_OPERATIONS, openApiDocument, type ApiOperation } from "./openapi.ts";
export { shopPath } from "./shop-path.ts";
