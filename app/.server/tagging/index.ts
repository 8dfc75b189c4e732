// Bibs on photos: the only module that writes photo_bibs, and the one port
// through which every tag tells the pre-orders and the runners waiting on that bib.
export { addBibsByHand, lockPhotoBibs, lockPhotos, removeAutoTag, setAutoTags, setBibsByHand, tagByHand, tagFromImport, untagPhotos } from "./bib-tags.ts";
export { COLLECTING, dniAsBib, PREORDER_SYNC_JOB, preorderBibsTagged } from "./preorders-port.ts";
export { BIB_WATCH_JOB, watchBib } from "./watchers-port.ts";
