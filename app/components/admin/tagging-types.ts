import type { loader } from "../../routes/admin/race-tagging.tsx";

/** What the tagging screen's loader gives its two modes. */
export type TaggingData = Awaited<ReturnType<typeof loader>>;

/** The tagging screen's own address with some of its query changed. */
export type TaggingLink = (patch: Partial<TaggingData["view"]>) => string;
