import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Redactor } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, message: string, detail?: Record<string, unknown>): void;
}

/** JSON lines in the data folder's log, every line passed through the redactor. */
export class FileLogger implements Logger {
  constructor(
    private readonly file: string,
    private readonly redactor: Redactor,
  ) {
    mkdirSync(dirname(file), { recursive: true });
  }

  log(level: LogLevel, message: string, detail?: Record<string, unknown>): void {
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...detail });
    try {
      appendFileSync(this.file, this.redactor.redact(line) + '\n');
    } catch {
      // Logging must never take the app down.
    }
  }
}
