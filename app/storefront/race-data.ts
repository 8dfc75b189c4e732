// The race page's data as the browser sees it: the API contract's types
// (SPEC §3/§7 field names), the same the server's `races.photos` returns.
import type { PhotoView, RacePhotosView, RaceSummary } from "../domain/api-contract.ts";

export type PhotoData = PhotoView;

/** What a race card, the race hero and the page title need. */
export type RaceSummaryData = Pick<RaceSummary, "id" | "slug" | "nombre" | "subtitulo" | "logoUrl" | "imageUrl" | "fecha" | "estado">;

export type RaceData = RacePhotosView;

/** What the runner searched (number, photo point, time), as the race page's query: kept by its links between pages and views. */
export const searchQuery = (race: RaceData) => ({ n: race.n, t: race.t, h: race.h });

/** A failed load the page can explain: 404 means the race is gone, anything else may be retried. */
export class LoadError extends Error {
  status: number;
  constructor(status: number, message = `HTTP ${status}`) {
    super(message);
    this.status = status;
  }
}

export const isNotFound = (error: unknown): boolean => typeof error === "object" && error !== null && (error as { status?: unknown }).status === 404;
