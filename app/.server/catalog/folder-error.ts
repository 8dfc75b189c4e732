/**
 * A fault in an import folder's own files (race.json, photos.csv): one readable
 * line naming the file and the field. Retrying cannot fix it; the folder must change.
 */
export class FolderError extends Error {
  name = "FolderError";
}
