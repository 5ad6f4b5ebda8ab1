import { hostname } from 'node:os';

/** Who a process is, for leases: host name, PID and the process's start time (PIDs are reused). */
export interface Owner {
  id: string;
  host: string;
  pid: number;
}

const startedAt = Math.round(Date.now() - process.uptime() * 1000);

/** This process as a lease owner. */
export function thisProcess(): Owner {
  const host = hostname();
  return { id: `${host}:${process.pid}:${startedAt}`, host, pid: process.pid };
}

/** Whether a process of this computer is certainly gone (no such PID). Another host's process: unknown. */
export function certainlyDead(owner: { host: string; pid: number }): boolean {
  if (owner.host !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
