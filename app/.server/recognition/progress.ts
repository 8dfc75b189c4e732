import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/client.ts";
import { RECOGNIZE_JOB } from "./recognize-job.ts";

export type RecognitionProgress = {
  photos: number;
  /** Waiting for (or in) the recognition job. */
  queued: number;
  /** Read by recognition. */
  done: number;
  /** Already tagged by the import file or a person when their turn came. */
  skipped: number;
  /** Gave up after the job's retries. */
  failed: number;
  /** Never sent to recognition (imported before it existed); `recognizeRace` sends them. */
  unread: number;
  /** Photos with at least one automatic tag, and the automatic tags. */
  autoTaggedPhotos: number;
  autoTags: number;
  /** Photos with suggestions waiting for an operator, and the suggestions. */
  reviewPhotos: number;
  reviewSuggestions: number;
};

/** A race's recognition figures for the back office and the import CLI (one round trip). */
export async function recognitionProgress(db: Db, raceId: number): Promise<RecognitionProgress> {
  const result = await db.execute(sql`
    with race_photos as (select id from photos where race_id = ${raceId}),
    recognized as (select status, count(*)::int as n from photo_recognitions where race_id = ${raceId} group by status),
    jobs_of_race as (
      select j.status, count(*)::int as n from jobs j
      where j.type = ${RECOGNIZE_JOB} and j.status in ('queued', 'running', 'failed')
        and (j.payload->>'photoId')::int in (select id from race_photos)
      group by j.status
    )
    select
      (select count(*)::int from race_photos) as photos,
      coalesce((select sum(n)::int from jobs_of_race where status in ('queued', 'running')), 0) as queued,
      coalesce((select n from recognized where status = 'done'), 0) as done,
      coalesce((select n from recognized where status = 'skipped'), 0) as skipped,
      coalesce((select n from jobs_of_race where status = 'failed'), 0) as failed,
      (select count(distinct photo_id)::int from photo_bibs where race_id = ${raceId} and source = 'auto') as auto_tagged_photos,
      (select count(*)::int from photo_bibs where race_id = ${raceId} and source = 'auto') as auto_tags,
      (select count(distinct photo_id)::int from bib_suggestions where race_id = ${raceId} and status = 'pending') as review_photos,
      (select count(*)::int from bib_suggestions where race_id = ${raceId} and status = 'pending') as review_suggestions`);
  const [row] = rowsOf<Record<string, number | string>>(result);
  const n = (key: string) => Number(row[key] ?? 0);
  const progress = {
    photos: n("photos"),
    queued: n("queued"),
    done: n("done"),
    skipped: n("skipped"),
    failed: n("failed"),
    autoTaggedPhotos: n("auto_tagged_photos"),
    autoTags: n("auto_tags"),
    reviewPhotos: n("review_photos"),
    reviewSuggestions: n("review_suggestions"),
  };
  // A photo re-read on request is both recorded and queued: count it once.
  const accounted = progress.done + progress.skipped + progress.queued + progress.failed;
  return { ...progress, unread: Math.max(0, progress.photos - accounted) };
}
