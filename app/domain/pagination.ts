/** Pages shown on each side of the current one: max(7 − page, 3) (SPEC §9). */
export function windowRadius(page: number): number {
  return Math.max(7 - page, 3);
}

/** The numbered pages to show around `page` out of `pages`, in order. */
export function pageWindow(page: number, pages: number): number[] {
  if (pages < 1) return [];
  const current = Math.min(Math.max(1, page), pages);
  const r = windowRadius(current);
  const from = Math.max(1, current - r);
  const to = Math.min(pages, current + r);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export function pageCount(rows: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rows / pageSize));
}
