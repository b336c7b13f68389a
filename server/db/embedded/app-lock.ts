/**
 * One server per DATA_DIR: DATA_DIR/server.pid holds the pid of the server using it. A file left
 * by a server that was killed (its pid is gone) is taken over; a live one is a clear error.
 */
import fs from 'node:fs';
import path from 'node:path';

function serverAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // a pid reused by an unrelated program after a reboot does not hold the lock
    return /node|tsx/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

/** Takes the lock; returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        try {
          if (Number(fs.readFileSync(file, 'utf8')) === process.pid) fs.rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new Error(`cannot lock DATA_DIR ${dataDir}: ${(err as Error).message}`, { cause: err });
    }
    const holder = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && serverAlive(holder))
      throw new Error(
        `DATA_DIR ${dataDir} is in use by another server (pid ${holder}); stop it or choose another DATA_DIR`,
      );
    fs.rmSync(file, { force: true }); // stale: its server was killed
  }
  throw new Error(`cannot lock DATA_DIR ${dataDir}`);
}
