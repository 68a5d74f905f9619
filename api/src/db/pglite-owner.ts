// Which process has an embedded database (a PGlite data dir) open. PGlite is the database of one process and keeps
// no lock of its own (its postmaster.pid stays after close): the api records its process id beside the data dir
// while it has it open, and the command-line tools (migrate, backup, restore) refuse a data dir a live process holds.
import fs from 'node:fs';
import path from 'node:path';

/** Beside the data dir, not in it: restore replaces the data dir. */
const ownerFile = (dir: string) => `${path.resolve(dir)}.owner`;

/** Records this process as the data dir's user; the returned function removes the record (if still this one's). */
export function recordOwner(dir: string): () => void {
  const file = ownerFile(dir);
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

/** The id of another live process that has the data dir open, or null (none recorded, or it has ended). */
export function liveOwner(dir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(ownerFile(dir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** The refusal of a command-line tool while `pid` has the data dir open. */
export function inUseMessage(dir: string, pid: number): string {
  return (
    `process ${pid} (the api?) has the embedded database in ${dir} open: stop it first, PGlite is the database of ` +
    `one process (if no such process is the api, delete ${ownerFile(dir)})`
  );
}
