import { api } from "../.server/web/index.ts";
import { notFound } from "../.server/errors.ts";
import type { Route } from "./+types/api.not-found";

/** Unknown API paths answer a JSON 404 instead of the pages' redirect home. */
export async function loader({ request }: Route.LoaderArgs) {
  return api(request, async () => {
    throw notFound();
  });
}

export const action = loader;
