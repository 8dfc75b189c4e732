import { redirect } from "react-router";

/** Any unknown path redirects to / (SPEC §2). */
export function loader() {
  return redirect("/", 302);
}

export const action = loader;
