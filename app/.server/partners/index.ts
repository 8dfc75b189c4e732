// Partners' shares of sales (issue 20): who took each photo, how each race's
// sales are shared, each paid sale split exactly, statements and payouts.
// The orders module settles sales through settleSale/settleRefund; the back
// office reads and changes the rest through its own checks (admin/partners.ts).
export { settlePastSales, settleRefund, settleSale } from "./settle.ts";
export { organizerOptions, saveShares, shareSettings, type ShareInput, type ShareSetting } from "./shares.ts";
export {
  earningsSince,
  partnerStatement,
  statementLines,
  PERIOD,
  periodOverview,
  type Figures,
  type MonthFigures,
  type PartnerMonth,
  type Period,
  type RaceFigures,
} from "./statements.ts";
export { markPeriodPaid, payoutLines, type PayoutInput } from "./payouts.ts";
