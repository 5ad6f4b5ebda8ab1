import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** A child process run to its end, with its peak memory as the kernel counted it. */
export interface MeasuredRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  seconds: number;
  /** Peak resident set over the whole life of the process (VmHWM), in bytes. */
  peakBytes: number;
  /** Peak resident set after `resetPeakWhen` matched (VmHWM reset through clear_refs), in bytes; null if it never matched. */
  peakAfterBytes: number | null;
  /** CPU time (user + system) of the process as last read in /proc/<pid>/stat, seconds (its last 20 ms may be missing). */
  cpuSeconds: number;
}

const kib = (status: string, field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);

/**
 * Runs `node --import tsx <script> ...args` (a built `.mjs`/`.js` script: `node <script> ...args`) and
 * follows its memory in /proc/<pid>/status every 20 ms. VmHWM is the kernel's own high-water mark, so a
 * peak between two reads is not missed; when `resetPeakWhen` first matches stderr, the mark is read
 * and reset (`echo 5 > clear_refs`), so the peak of the phase after it is known apart from the phase before.
 */
export function runMeasured(
  script: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; resetPeakWhen?: RegExp } = {},
): Promise<MeasuredRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const entry = /\.m?js$/.test(script) ? [script] : ['--import', 'tsx', script];
    const child: ChildProcess = spawn(process.execPath, [...entry, ...args], {
      cwd: process.cwd(),
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const statusPath = `/proc/${child.pid}/status`;
    let stdout = '';
    let stderr = '';
    let hwmKb = 0;
    let cpuTicks = 0;
    let beforeResetKb: number | null = null;
    const sample = (): void => {
      try {
        const value = kib(readFileSync(statusPath, 'utf8'), 'VmHWM');
        if (Number.isFinite(value)) hwmKb = value;
        // Fields 14 and 15 of stat (user and system time, in ticks of 1/100 s), after the command's closing parenthesis.
        const times = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
        if (times) cpuTicks = Number(times[11]) + Number(times[12]);
      } catch {
        // The process has just ended: the last reading stands.
      }
    };
    const timer = setInterval(sample, 20);
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      stderr += text;
      if (beforeResetKb === null && options.resetPeakWhen?.test(stderr)) {
        sample();
        beforeResetKb = hwmKb;
        writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
        hwmKb = 0;
        sample();
      }
    });
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('exit', () => clearInterval(timer));
    child.on('close', (code, signal) => {
      resolve({
        code,
        signal,
        stdout,
        stderr,
        seconds: (performance.now() - started) / 1000,
        peakBytes: Math.max(hwmKb, beforeResetKb ?? 0) * 1024,
        peakAfterBytes: beforeResetKb === null ? null : hwmKb * 1024,
        cpuSeconds: cpuTicks / 100,
      });
    });
  });
}
