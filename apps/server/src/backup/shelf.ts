import type { Config } from '../config.js';
import type { BackupDeps } from './create-backup.js';

/** A backup made readable on this machine, for a restore; `discard` removes what was downloaded. */
export interface FetchedBackup {
  dir: string;
  discard(): Promise<void>;
}

/** Where backups are kept: a directory, or a prefix in a bucket (bucket-shelf.ts). */
export interface Shelf {
  /** The directory or `s3://bucket/prefix/`, for the person reading a log line. */
  readonly where: string;
  /** Takes one backup onto the shelf and returns its location (a path, or `s3://…`). */
  take(config: Config, deps?: BackupDeps): Promise<string>;
  /** Keeps the newest `keep` complete backups; removes the rest and half-written ones older than `staleMs`. */
  prune(keep: number, nowMs: number, staleMs: number): Promise<string[]>;
  /** The backup called `name` on this shelf, as a directory restore can read. */
  fetch(name: string): Promise<FetchedBackup>;
  close(): void;
}
