import { z } from "zod";
import { claimInput } from "../claims/index.ts";
import { contactInput } from "../contact/index.ts";
import { notifyInput } from "../notify/index.ts";
import { downloadPayload, preorderBody, purchaseBody, zipPayload } from "../orders/index.ts";
import {
  checkoutSchema,
  claimAnswerSchema,
  downloadSchema,
  envelope,
  failureSchema,
  preorderCreatedSchema,
  preparationSchema,
  prepurchaseViewSchema,
  purchaseViewSchema,
  racePhotosSchema,
  raceSummarySchema,
  runnersNamedSchema,
  statusSchema,
  zipAnswerSchema,
} from "../../domain/api-contract.ts";

/** One call of the public API: what it takes and what it answers, by status. */
export type ApiOperation = {
  method: "get" | "post";
  /** OpenAPI's path template, `{slug}` style. */
  path: string;
  summary: string;
  parameters?: { name: string; in: "path" | "query"; required?: boolean; description: string }[];
  body?: z.ZodType;
  responses: Record<number, { description: string; schema: z.ZodType }>;
};

const lang = { name: "lang", in: "query" as const, description: "es (default), en or br: the language of messages and localized fields" };
const refused = (description: string) => ({ description, schema: failureSchema });
/** `{ data: { status: "error" }, error }`: how the status calls refuse. */
const statusRefused = (description: string) => ({ description, schema: envelope(statusSchema).extend(failureSchema.shape) });

/**
 * The public API (SPEC §7 and our additions), the source of /api/openapi.json.
 * The contract tests hold every answer they get to the schema listed here for
 * its path, method and status.
 */
export const API_OPERATIONS: ApiOperation[] = [
  {
    method: "get",
    path: "/api/fotos/{slug}",
    summary: "A page of a race's photos, all of them or one runner's (n), one tag's (t), those taken around a time (h) or those that might be the runner's (m)",
    parameters: [
      { name: "slug", in: "path", required: true, description: "the race" },
      { name: "p", in: "query", description: "page, from 1 (60 photos a page)" },
      { name: "n", in: "query", description: "a runner's bib number" },
      { name: "t", in: "query", description: "a tag's slug" },
      { name: "h", in: "query", description: "HH:MM on the race's clock" },
      { name: "m", in: "query", description: "1, with n: the photos a pending review suggestion says might be the runner's, instead of those tagged" },
      lang,
    ],
    responses: { 200: { description: "the page", schema: envelope(racePhotosSchema) }, 400: refused("a bad parameter"), 404: refused("no such race") },
  },
  {
    method: "get",
    path: "/api/corredores/{slug}",
    summary: "The runners the race's start list registers under a name (at least a first and a last name), to look a forgotten bib number up",
    parameters: [
      { name: "slug", in: "path", required: true, description: "the race" },
      { name: "q", in: "query", required: true, description: "a first and a last name, or the starts of them, in any order; case and accents do not matter" },
      lang,
    ],
    responses: {
      200: { description: "up to ten runners, bib order", schema: envelope(runnersNamedSchema) },
      400: refused("less than a first and a last name"),
      404: refused("no such race"),
      429: refused("too many name searches from this address"),
    },
  },
  {
    method: "get",
    path: "/api/preparacion/{slug}",
    summary: "Whether a race's photos are still being prepared",
    parameters: [{ name: "slug", in: "path", required: true, description: "the race" }, lang],
    responses: { 200: { description: "its status", schema: envelope(preparationSchema) }, 404: refused("no such race") },
  },
  {
    method: "post",
    path: "/api/purchase",
    summary: "A sale of the cart's photos, or of a runner's full set (fullIn, raceId, n), priced by the server",
    parameters: [lang],
    body: purchaseBody,
    responses: {
      200: { description: "where to pay", schema: envelope(checkoutSchema) },
      400: refused("a field is wrong: the message says which"),
      409: refused("a photo is no longer for sale"),
      503: refused("the payment provider could not be reached"),
    },
  },
  {
    method: "get",
    path: "/api/purchase/{id}",
    summary: "A purchase, its photos and whether it is paid",
    parameters: [{ name: "id", in: "path", required: true, description: "the purchase's code" }, lang],
    responses: { 200: { description: "the purchase", schema: envelope(purchaseViewSchema) }, 404: refused("no such purchase") },
  },
  {
    method: "post",
    path: "/api/download",
    summary: "A short-lived link to one photo of a paid purchase, full quality",
    parameters: [lang],
    body: downloadPayload,
    responses: {
      200: { description: "the link", schema: envelope(downloadSchema) },
      402: refused("the purchase is not paid"),
      404: refused("no such purchase or photo"),
    },
  },
  {
    method: "post",
    path: "/api/create_zip",
    summary: "A zip of every photo of a paid purchase: its link when ready, else its progress",
    parameters: [lang],
    body: zipPayload,
    responses: {
      200: { description: "the zip or its progress", schema: envelope(zipAnswerSchema) },
      402: refused("the purchase is not paid"),
      404: refused("no such purchase"),
    },
  },
  {
    method: "get",
    path: "/api/preventa/{slug}",
    summary: "A race that takes pre-orders, for the pre-order form",
    parameters: [{ name: "slug", in: "path", required: true, description: "the race" }, lang],
    responses: { 200: { description: "the race", schema: envelope(raceSummarySchema) }, 404: refused("no such race, or it takes no pre-orders") },
  },
  {
    method: "post",
    path: "/api/preventa",
    summary: "A pre-order at the race's promotional price, and where to pay it",
    parameters: [lang],
    body: preorderBody,
    responses: {
      200: { description: "status success and the payment link", schema: preorderCreatedSchema },
      400: { description: "status error and a localized message", schema: preorderCreatedSchema },
    },
  },
  {
    method: "get",
    path: "/api/prepurchase/{id}",
    summary: "A pre-purchase and whether it is paid",
    parameters: [{ name: "id", in: "path", required: true, description: "the pre-purchase's code" }, lang],
    responses: { 200: { description: "the pre-purchase", schema: envelope(prepurchaseViewSchema) }, 404: refused("no such pre-purchase") },
  },
  {
    method: "post",
    path: "/api/contact_email",
    summary: "A message to the shop",
    parameters: [lang],
    body: envelope(contactInput),
    responses: {
      200: { description: "status success", schema: envelope(statusSchema) },
      400: statusRefused("a field is wrong"),
      429: statusRefused("too many messages from this address; try later"),
    },
  },
  {
    method: "post",
    path: "/api/notify",
    summary:
      "Tell me when a preparing race's photos are up; on a published race, when a photo of the runner's number turns up, or more than the photosSeen they found (written to once; no category asked)",
    parameters: [lang],
    body: envelope(notifyInput),
    responses: {
      200: { description: "status success", schema: envelope(statusSchema) },
      400: statusRefused("a field is wrong"),
      404: statusRefused("no such race"),
      429: statusRefused("too many sign-ups from this address; try later"),
    },
  },
  {
    method: "post",
    path: "/api/claim",
    summary: 'A runner says a photo shows them ("this is me"): it waits for a person at the shop and meanwhile shows in their number\'s search with m=1',
    parameters: [lang],
    body: envelope(claimInput),
    responses: {
      200: { description: "what became of the claim", schema: envelope(claimAnswerSchema) },
      400: statusRefused("not a runner number, or a number the race's start list does not have"),
      404: statusRefused("no such photo on a published race"),
      429: statusRefused("too many claims from this address, or on this photo; try later"),
    },
  },
];

const jsonSchema = (schema: z.ZodType, io: "input" | "output") => z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });

/** The document's paths, from API_OPERATIONS: the same for every request, so converted from zod once. */
let paths: Record<string, Record<string, unknown>> | undefined;
function pathsOf(): Record<string, Record<string, unknown>> {
  if (paths) return paths;
  const built: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    built[op.path] ??= {};
    built[op.path][op.method] = {
      summary: op.summary,
      parameters: (op.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required ?? false,
        description: p.description,
        schema: { type: "string" },
      })),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body, "input") } } } } : {}),
      responses: Object.fromEntries(
        Object.entries(op.responses).map(([status, r]) => [
          status,
          { description: r.description, content: { "application/json": { schema: jsonSchema(r.schema, "output") } } },
        ]),
      ),
    };
  }
  paths = built;
  return built;
}

/** The OpenAPI 3.1 description of the public API, served at /api/openapi.json. */
export function openApiDocument(publicUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Dorsal public API",
      version: "1",
      description: "The calls the storefront makes (SPEC §7), for scripts too. Amounts are in whole currency units; messages follow `lang`.",
    },
    servers: [{ url: publicUrl }],
    paths: pathsOf(),
  };
}
