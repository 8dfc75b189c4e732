// A runner's word that a photo shows them ("this is me"), and a person's answer to it.
export { CLAIMS_PER_PHOTO, claimInput, claimPhoto, claimsBacking, declineClaims, decideClaim, pendingClaims, raceOfClaim } from "./claims.ts";
export type { ClaimOutcome, PendingClaim } from "./claims.ts";
