/** A backup, restore or move refused for a reason the person running it can act on: its message is printed as it is, without a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** Backups kept in a bucket live under this prefix, and are never backed up themselves. */
export const BACKUPS_PREFIX = "backups/";
