// The race page's data as the browser sees it: SPEC §3/§7 field names, the same
// shape the server's `races.photos` returns (kept structurally in step by the
// race route, which passes the server's value where this type is expected).

export type PhotoData = {
  id: string;
  id_photo: string;
  fechahora: string;
  src_thumb: string;
  src_media: string;
  width: number;
  height: number;
  free: string;
  precio_arg: number;
  precio_usd: number;
  descuento_arg: number;
  descuento_usd: number;
};

/** What a race card, the race hero and the page title need. */
export type RaceSummaryData = {
  id: number;
  slug: string;
  nombre: string;
  subtitulo: string;
  logoUrl: string;
  imageUrl: string;
  fecha: string | null;
  estado: string;
};

export type RaceData = RaceSummaryData & {
  uploading: boolean;
  fullin_arg: number;
  fullin_usd: number;
  fullin_fotos: number;
  preventa_arg: number;
  preventa_usd: number;
  preventa_abierta: boolean;
  categorias: string[];
  fotos: PhotoData[];
  found_rows: number;
  found_pages: number;
  page: number;
  tags: { slug: string; nombre: string }[];
  n: number | null;
  t: string | null;
  /** Ours: the time browsed ("HH:MM") and the runner's chip passings at the photo point ("YYYY-MM-DD HH:MM:SS"). */
  h: string | null;
  passings: string[];
};

/** A failed load the page can explain: 404 means the race is gone, anything else may be retried. */
export class LoadError extends Error {
  status: number;
  constructor(status: number, message = `HTTP ${status}`) {
    super(message);
    this.status = status;
  }
}

export const isNotFound = (error: unknown): boolean => typeof error === "object" && error !== null && (error as { status?: unknown }).status === 404;
