import { PageShell } from "../components/page-shell.tsx";
import { pageMeta } from "../i18n/meta.ts";
import { useMessages } from "../i18n/use-messages.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ location, params }) => pageMeta(location, (m) => m.terms.title, { race: "", ...(params as Record<string, string>) });

export default function Screen() {
  const m = useMessages();
  return (
    <PageShell>
      <section className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-black">{m.terms.title.replace(/ ?\{\w+\}/g, "")}</h1>
      </section>
    </PageShell>
  );
}
