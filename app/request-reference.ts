/**
 * Written by an error page where its request's id belongs; the page handler
 * puts the id (the X-Request-Id of the response) in its place, so a visitor
 * can quote it and an operator find the request's log lines.
 */
export const REQUEST_ID_PLACEHOLDER = "dorsal-request-id-placeholder";
