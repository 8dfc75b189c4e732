// "Photos around HH:MM": the runner's way out when their bib was not read. A
// runner rarely knows the minute, and the camera may stand before or after
// the timing mat, so the stretch reaches a little back and further forward.

export const AROUND_BEFORE_MINUTES = 5;
export const AROUND_AFTER_MINUTES = 10;

/** "9:05" or "09:05" → "09:05"; anything else is no time. */
export function readClockTime(raw: string | null | undefined): string | undefined {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(raw?.trim() ?? "");
  return m ? `${m[1].padStart(2, "0")}:${m[2]}` : undefined;
}

/** "HH:MM" plus `minutes`, on a 24-hour clock. */
export function shiftClock(clock: string, minutes: number): string {
  const [h, m] = clock.split(":").map(Number);
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
