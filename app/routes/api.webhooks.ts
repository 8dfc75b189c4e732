import { servicesContext } from "../context.ts";
import { failureOf, shopWording } from "../.server/failure.ts";
import { json } from "../.server/web/index.ts";
import type { Route } from "./+types/api.webhooks";

/**
 * POST /api/webhooks/{provider}: payment notifications. A verified one is
 * applied once and answered 200; an unverifiable one gets a 400 and changes
 * nothing; when the provider's API cannot be reached to confirm it, 503 so
 * the provider retries.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  try {
    const body = await request.text();
    const results = await services.purchases.webhook(params.provider, { body, headers: request.headers, url: new URL(request.url) });
    return json({ received: true, results });
  } catch (error) {
    if ((error as Error)?.name === "WebhookRejected") {
      services.logger.warn({ provider: params.provider, err: error }, "webhook rejected");
      return json({ error: "rejected" }, { status: 400 });
    }
    // Providers read the code, not a message: any language's wording will do.
    const failure = failureOf(error, shopWording("en"));
    if (failure) return json({ error: failure.code }, { status: failure.status });
    if ((error as Error)?.name === "PaymentNotYetKnown") {
      services.logger.warn({ provider: params.provider, err: error }, "webhook ahead of its payment; asked to retry");
      return json({ error: "retry" }, { status: 503 });
    }
    services.logger.error({ provider: params.provider, err: error }, "webhook could not be applied");
    return json({ error: "unavailable" }, { status: 503 });
  }
}
