import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import path from "node:path";
import * as admin from "./admin/index.ts";
import { IMPORT_JOB } from "./photo-desk/index.ts";
import * as staff from "./staff/index.ts";
import { seedDemoIfEmpty } from "./demo/index.ts";
import type { Lang } from "../i18n/langs.ts";
import * as catalog from "./catalog/index.ts";
import * as storefront from "./storefront/index.ts";
import * as mail from "./mail/index.ts";
import * as contact from "./contact/index.ts";
import * as notify from "./notify/index.ts";
import * as claims from "./claims/index.ts";
import * as analytics from "./analytics/index.ts";
import * as seo from "./seo/index.ts";
import * as orders from "./orders/index.ts";
import * as payments from "./payments/index.ts";
import * as delivery from "./delivery/index.ts";
import * as recognition from "./recognition/index.ts";
import { ping, type Database } from "./db/index.ts";
import { createHousekeeping } from "./housekeeping/index.ts";
import { restoreBackup, writeBackup } from "./backup/index.ts";
import { createMetrics, createPageCache, createPageTexts, PROGRESS_LAG_MS } from "./http/index.ts";
import { createRateLimiter } from "./rate-limit/index.ts";
import type { Env } from "./env.ts";
import { combineWorkers, counts as jobCounts, createWorker, releaseAll, type Worker } from "./jobs/index.ts";
import type { Logger } from "./logger.ts";
import type { Storage } from "./storage/index.ts";

/**
 * The composition root: everything a route may call. Built once by the server
 * (and by tests) and handed to loaders through the router context, so routes
 * never see the database.
 */
/** `recognizer`: the OCR behind bib recognition; by default a pool of reader processes (tests may replay recorded readings). */
export function createServices({
  env,
  database,
  storage,
  logger,
  recognizer,
}: {
  env: Env;
  database: Database;
  storage: Storage;
  logger: Logger;
  recognizer?: recognition.RecognitionDeps["recognizer"];
}) {
  const { db } = database;
  const mediaUrl: catalog.MediaUrl = (key) => (key ? `${env.publicUrl}/media/${key}` : "");

  const mailer = mail.createMailer({ db, env, logger });
  const sales = orders.createOrders({ db, env, logger, mediaUrl, mailer, payments: payments.createPayments(env) });
  const files = delivery.createDelivery({ db, storage, env, logger });
  const bibs = recognition.createRecognition({
    db,
    storage,
    logger,
    recognizer,
    images: catalog.photoImages(db, storage),
    capacity: recognition.readingCapacity({ readers: env.RECOGNITION_READERS, secondLook: env.RECOGNITION_SECOND_LOOK }),
  });
  const waitingLists = notify.createNotifyService({ db, mailer });
  const office = admin.createAdminServices({
    db,
    storage,
    env,
    logger,
    mediaUrl,
    mailer,
    // The one publish step (editor, race list, folder import): its notify list is written to once, paid pre-orders become sales.
    ports: { announce: waitingLists.announce, convertPaidPreorders: sales.convertPaidPreorders },
    refund: sales.refund,
    recognition: bibs,
  });

  // Rendered pages and the reads behind them live as long as the catalog version does.
  const pageCache = createPageCache({ db, listen: database.listen });
  const catalogMemo = catalog.versionedMemo(pageCache.version, { progressLagMs: PROGRESS_LAG_MS });
  const chores = createHousekeeping({
    db,
    logger,
    expire: { zips: files.expireZips, uploads: office.uploads.expire },
    embedded: database.kind === "pglite",
  });

  // Four lanes: bib recognition (a job a reader process, recognition/capacity.ts), whose readers also
  // make a new photo's watermarked images from the pixels they decode; the derive job for the photos they do not (tagged by the import file, a
  // reading that failed), side by side; folder imports, which must start at once rather than wait
  // behind thousands of photos (and queue more of them); and what a visitor waits for (e-mail,
  // payments, deliveries, zips).
  // The embedded database tells idle lanes when a job is queued; on a PostgreSQL server they poll.
  const listen = database.listen;
  const worker: Worker = combineWorkers(
    createWorker({ db, logger, listen, handlers: { [catalog.DERIVE_JOB]: catalog.deriveJob(db, storage) }, concurrency: 1 }),
    createWorker({ db, logger, listen, handlers: bibs.handlers, concurrency: bibs.capacity.readers }),
    createWorker({ db, logger, listen, handlers: office.handlers, concurrency: 1 }),
    createWorker({
      db,
      logger,
      listen,
      handlers: { [mail.MAIL_JOB]: mailer.deliver, ...sales.handlers, ...files.handlers, ...chores.handlers, ...waitingLists.handlers },
    }),
  );

  return {
    /** Automatic bib recognition: progress, review queue, settings, timing file (see recognition/index.ts). */
    recognition: bibs,
    env,
    logger,
    storage,
    worker,
    mediaUrl,
    /** Hourly pruning of tables that grow with traffic (housekeeping/index.ts). */
    housekeeping: chores,
    /** Each language's storefront texts as one immutable file the pages name (http/page-texts.ts). */
    texts: createPageTexts(),
    /** Rendered storefront responses, valid while the catalog version is (http/page-cache.ts). */
    pageCache,
    /** The whole shop (tables and files) in one archive and back (backup/archive.ts). */
    backup: {
      write: (file: string, options?: { files?: boolean }) => writeBackup(db, storage, file, options),
      restore: (file: string, options?: { files?: boolean }) => restoreBackup(db, storage, file, options),
    },
    /** Requests, jobs, imports and sales for a Prometheus scraper (http/metrics.ts). */
    metrics: createMetrics({ db, importJob: IMPORT_JOB }),
    /** A per-key limit counted in the database, shared by every instance (http/rate-limit.ts). */
    rateLimiter: (options: { bucket: string; limit: number; windowMs: number }) => createRateLimiter({ db, ...options }),
    async health() {
      await db.execute(sql`select 1`);
      return { status: "ok", database: database.kind, jobs: await jobCounts(db) };
    },
    /** Whether this instance should take traffic: booted (the caller knows) and its database answering within a second. */
    async ready(): Promise<boolean> {
      const answer = ping(db).then(
        () => true,
        () => false,
      );
      const late = new Promise<boolean>((resolve) => setTimeout(resolve, 1000, false).unref());
      return Promise.race([answer, late]);
    },
    /** Reclaims jobs a crashed run left behind (one embedded database means one process). */
    async recoverJobs() {
      if (database.kind === "pglite") await releaseAll(db);
    },
    races: {
      file: (lang: Lang) => catalog.racesFile(db, lang, mediaUrl),
      /** The bibs runners are about to search, the most recent races first (http/page-warmer.ts). */
      withBibs: () => catalog.racesWithBibs(db),
      photos: (query: catalog.RacePhotosQuery) => catalog.racePhotos(db, query, mediaUrl, catalog.findVisibleRace, catalogMemo),
      /** The registered runners a name finds, for a runner who does not remember their number. */
      named: (slug: string, q: string) => catalog.runnersNamed(db, slug, q, catalogMemo),
      /** Whether a race's photos are still being prepared (its notify form shows meanwhile). */
      async preparation(slug: string, _lang: Lang) {
        const race = await catalog.findVisibleRace(db, slug);
        return { status: race.status === "preparing" ? "preparing" : race.uploading ? "uploading" : "ready" };
      },
    },
    /** Checkout, payments, purchase and pre-purchase pages (orders/, payments/, delivery/). */
    purchases: {
      create: sales.create,
      fullsetOffer: sales.fullsetOffer,
      view: (id: string, lang: Lang) => sales.view(id, lang, files.zipState),
      download: files.downloadLink,
      openFile: files.open,
      requestZip: files.requestZip,
      minZipPhotos: files.minZipPhotos,
      webhook: sales.webhook,
      demo: sales.demo,
    },
    preorders: {
      ...sales.preorders,
      /** For the back office when a race is published or tagged: paid pre-orders become sales. */
      convertPaid: sales.convertPaidPreorders,
    },
    /** Queues localized e-mail (see mail/README.md); the worker delivers it. */
    mail: mailer,
    contact: contact.createContactService({ db, mailer }),
    /** The preparing-race "tell me when the photos are ready" list. */
    notify: waitingLists,
    /** A runner's "this is me" on a photo: it waits for a person, and shows to their number's search meanwhile. */
    claims: { claim: (input: unknown) => claims.claimPhoto(db, input) },
    analytics: analytics.createAnalytics({ db }),
    seo: seo.createSeo({ db, publicUrl: env.publicUrl }),
    /** One read per storefront screen (home, race page). */
    storefront: {
      home: (lang: Lang) => storefront.homePage(db, mediaUrl, logger, lang),
      racePage: (query: catalog.RacePhotosQuery) => storefront.racePage(db, query, mediaUrl, catalogMemo),
    },
    shop: {
      banners: () => catalog.bannersFile(db, mediaUrl),
      presale: () => catalog.presaleFile(db),
      discounts: () => catalog.discountsFile(db),
      preparation: () => catalog.getSetting(db, "preparation"),
      support: () => catalog.getSetting(db, "support"),
    },
    admins: {
      ensureFirst: () => staff.ensureFirstAdmin(db, env),
      create: (email: string, password: string, role?: staff.Role) => staff.createAdmin(db, email, password, role),
    },
    /** The back office: every call takes the operator; roles and race assignments are checked inside. */
    admin: office,
    /** Shared with the CLI through DATA_DIR/server.json so it can hand work to this process. */
    cliToken: randomBytes(24).toString("base64url"),
    demo: {
      seedIfEmpty: () =>
        seedDemoIfEmpty({
          db,
          storage,
          logger,
          workDir: path.join(env.dataDir, "tmp", "demo"),
          importFolder: (folder) => catalog.importFolder(db, storage, folder),
          loadStartList: (raceId, csv) => bibs.loadStartList(raceId, csv),
        }),
    },
    imports: {
      folder: (folder: string, onProgress?: catalog.ImportProgress) => catalog.importFolder(db, storage, folder, onProgress),
    },
    close: async () => {
      chores.stop();
      await worker.stop();
      await bibs.close();
      await database.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
