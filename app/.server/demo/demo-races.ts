import type { RaceFile } from "../catalog/index.ts";

/** How the seed makes a demo race's photos: counts, bibs and the share of free and sale photos. */
export type PhotoPlan = {
  count: number;
  /** Bibs that must each appear in at least `minPerBib` photos (full-set offers). */
  featured?: { bibs: number[]; minPerBib: number };
  /** Other bibs drawn at random. */
  pool: [number, number];
  freeEvery?: number;
  saleEvery?: number;
  width: number;
  height: number;
  startTime: string; // local wall clock of the first photo
};

/** `startList`: the seed registers a named runner for every bib of the race's range (seed-demo.ts, demoStartList). */
export type DemoRace = { file: RaceFile; plan?: PhotoPlan; startList?: boolean };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ar = (es: string, en = es, br = es) => ({ es, en, br });
const tagsOf = (...slugs: [string, string, string, string][]) => slugs.map(([slug, es, en, br]) => ({ slug, name: { es, en, br } }));
const TRAIL_TAGS = tagsOf(["largada", "Largada", "Start", "Largada"], ["cumbre", "Cumbre", "Summit", "Cume"], ["meta", "Llegada", "Finish", "Chegada"]);

/** A believable shop: eight races across every state the storefront shows. */
export const DEMO_RACES: DemoRace[] = [
  {
    file: {
      slug: "tetra-chapelco-2025",
      name: ar("Tetra Chapelco"),
      subtitle: ar("San Martín de los Andes · Neuquén", "San Martín de los Andes · Patagonia", "San Martín de los Andes · Patagônia"),
      date: "2025-03-15",
      timezone: "America/Argentina/Buenos_Aires",
      status: "published",
      price: { ars: 5000, usd: 5 },
      fullset: { ars: 60000, usd: 60, min_photos: 10, overrides: [{ bibs: "300-310 401-404", ars: 80000, usd: 80 }] },
      preorder: { open: false, ars: 40000, usd: 40 },
      bibs: "1-600",
      distances: ["12K", "25K", "45K"],
      categories: ["General", "Master A", "Master B"],
      tags: TRAIL_TAGS,
    },
    plan: {
      count: 200,
      featured: { bibs: [...range(300, 310), ...range(401, 404)], minPerBib: 11 },
      pool: [1, 600],
      freeEvery: 9,
      saleEvery: 7,
      width: 1500,
      height: 1000,
      startTime: "08:05:00",
    },
    startList: true,
  },
  {
    file: {
      slug: "maraton-buenos-aires-2025",
      name: ar("Maratón de Buenos Aires", "Buenos Aires Marathon", "Maratona de Buenos Aires"),
      subtitle: ar("42K por las calles de la ciudad", "42K through the city streets", "42K pelas ruas da cidade"),
      date: "2025-09-21",
      status: "published",
      price: { ars: 4500, usd: 4 },
      fullset: { ars: 45000, usd: 45, min_photos: 8 },
      bibs: "1-9000",
      distances: ["42K"],
      categories: ["General", "Elite"],
      tags: tagsOf(
        ["largada", "Largada", "Start", "Largada"],
        ["km21", "Kilómetro 21", "Kilometre 21", "Quilômetro 21"],
        ["meta", "Llegada", "Finish", "Chegada"],
      ),
    },
    plan: { count: 2000, pool: [1, 900], freeEvery: 25, saleEvery: 11, width: 960, height: 640, startTime: "07:02:00" },
  },
  {
    file: {
      slug: "cruce-de-los-andes-2025",
      name: ar("Cruce de los Andes"),
      subtitle: ar(
        "Tres días de montaña entre Argentina y Chile",
        "Three mountain days across Argentina and Chile",
        "Três dias de montanha entre Argentina e Chile",
      ),
      date: "2025-02-07",
      status: "published",
      price: { ars: 6000, usd: 6 },
      fullset: { ars: 70000, usd: 70, min_photos: 10 },
      distances: ["100K"],
      categories: ["Individual", "Parejas"],
      tags: TRAIL_TAGS,
    },
    plan: { count: 40, pool: [100, 160], saleEvery: 5, width: 1500, height: 1000, startTime: "07:30:00" },
  },
  {
    file: {
      slug: "bariloche-21k-2025",
      name: ar("Bariloche 21K"),
      subtitle: ar("Media maratón a orillas del Nahuel Huapi", "Half marathon on the shores of Nahuel Huapi", "Meia maratona às margens do Nahuel Huapi"),
      date: "2025-04-27",
      status: "published",
      price: { ars: 4000, usd: 4 },
      fullset: { ars: 35000, usd: 35, min_photos: 6 },
      distances: ["10K", "21K"],
      categories: ["General"],
      tags: tagsOf(["largada", "Largada", "Start", "Largada"], ["meta", "Llegada", "Finish", "Chegada"]),
    },
    plan: { count: 36, pool: [1, 60], freeEvery: 4, width: 1500, height: 1000, startTime: "09:00:00" },
  },
  {
    file: {
      slug: "ultra-fiambala-2025",
      name: ar("Ultra Fiambalá"),
      subtitle: ar("Desierto y dunas de Catamarca", "Desert and dunes of Catamarca", "Deserto e dunas de Catamarca"),
      date: "2025-11-15",
      status: "preparing",
      uploading: true,
      price: { ars: 5500, usd: 5 },
      fullset: { ars: 55000, usd: 55, min_photos: 10 },
      distances: ["21K", "42K", "80K"],
      categories: ["General", "Master A", "Master B", "Master C"],
    },
  },
  {
    file: {
      slug: "patagonia-run-2026",
      name: ar("Patagonia Run"),
      subtitle: ar("San Martín de los Andes · Diciembre 2026", "San Martín de los Andes · December 2026", "San Martín de los Andes · Dezembro 2026"),
      date: "2026-12-12",
      status: "published",
      price: { ars: 5000, usd: 5 },
      fullset: { ars: 60000, usd: 60, min_photos: 10 },
      preorder: { open: true, ars: 40000, usd: 40 },
      distances: ["10K", "21K", "42K", "70K", "110K"],
      categories: ["General", "Master A", "Master B"],
    },
  },
  {
    file: {
      slug: "trail-el-chalten-2024",
      name: ar("Trail El Chaltén"),
      subtitle: ar("Al pie del Fitz Roy", "At the foot of Fitz Roy", "Ao pé do Fitz Roy"),
      date: "2024-11-09",
      status: "archived",
      price: { ars: 3500, usd: 3 },
      fullset: { ars: 30000, usd: 30, min_photos: 8 },
      distances: ["15K", "30K"],
      categories: ["General"],
      tags: TRAIL_TAGS,
    },
    plan: { count: 30, pool: [1, 40], freeEvery: 6, width: 1500, height: 1000, startTime: "08:30:00" },
  },
  {
    file: {
      slug: "mendoza-aventura-2024",
      name: ar("Mendoza Aventura", "Mendoza Adventure Race", "Mendoza Aventura"),
      subtitle: ar("Carrera de aventura por equipos", "Team adventure race", "Corrida de aventura por equipes"),
      date: "2024-10-19",
      status: "archived",
      price: { ars: 3000, usd: 3 },
      fullset: { ars: 25000, usd: 25, min_photos: 6 },
      distances: ["50K"],
      categories: ["Equipos"],
    },
    plan: { count: 24, pool: [1, 30], saleEvery: 3, width: 1500, height: 1000, startTime: "10:15:00" },
  },
  {
    file: {
      slug: "valle-de-uco-trail-2025",
      name: ar("Valle de Uco Trail"),
      subtitle: ar("Entre viñedos y la cordillera", "Between vineyards and the Andes", "Entre vinhedos e a cordilheira"),
      date: "2025-06-08",
      status: "published",
      price: { ars: 4200, usd: 4 },
      fullset: { ars: 38000, usd: 38, min_photos: 8 },
      distances: ["8K", "16K", "32K"],
      categories: ["General", "Master A"],
      tags: TRAIL_TAGS,
    },
    plan: { count: 36, pool: [1, 50], freeEvery: 8, saleEvery: 6, width: 1500, height: 1000, startTime: "08:00:00" },
  },
];

export const DEMO_PRESALE_SLUG = "patagonia-run-2026";
export const DEMO_TIERS = [
  { minQuantity: 3, percent: 15 },
  { minQuantity: 5, percent: 20 },
  { minQuantity: 8, percent: 25 },
];
