export { priceCart, priceFullset, priced, runnerPhotos, findSellingRace, stillForSale } from "./price-order.ts";
export type { PricedOrder, PricedLine, PhotoRow } from "./price-order.ts";
