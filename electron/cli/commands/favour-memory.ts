import { setFlagsFromString } from 'node:v8';

/**
 * Tells V8 to favour memory over speed for the rest of this process (smaller heap growth, the young
 * generation kept small, more compaction), for the commands that stream gigabytes through downloads,
 * hashes and ZIP reads: archiving 20 packages of 50 MB peaked at 234–250 MB without it, 181–195 MB with
 * it, for about 50 % more CPU time (test/bench/README.md, `verify`). `archive`, and `jobs resume|retry`
 * of an archive job, which carries the same work on.
 */
export function favourMemory(): void {
  setFlagsFromString('--optimize-for-size');
}
