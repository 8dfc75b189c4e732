const gap = (a: Date | null, b: Date | null) => (a && b ? Math.abs(a.getTime() - b.getTime()) : Number.POSITIVE_INFINITY);

/** Of `photos`, the one taken nearest `at`; an unknown time is farthest, and the lowest photo id wins a tie. */
export function nearestInTime<T extends { photoId: number; takenAt: Date | null }>(photos: readonly T[], at: Date | null): T | undefined {
  let best: T | undefined;
  for (const photo of photos) {
    if (!best) {
      best = photo;
      continue;
    }
    const [now, then] = [gap(photo.takenAt, at), gap(best.takenAt, at)];
    if (now < then || (now === then && photo.photoId < best.photoId)) best = photo;
  }
  return best;
}
