// The whole shop (tables and stored files) in one archive and back, and a
// plain copy of the stored files from one storage to another.
export { BACKUP_FORMAT, BackupError, restoreBackup, writeBackup, type Manifest } from "./archive.ts";
export { CopyError, copyFiles } from "./copy-files.ts";
