import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, restrictTree } from '../data-folder';
import type { Redactor } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, message: string, detail?: Record<string, unknown>): void;
}

/**
 * JSON lines in the data folder's log, every line passed through the redactor. The log names files
 * and signers: the file is 0600 (made so when it was made before), a folder it makes 0700.
 */
export class FileLogger implements Logger {
  constructor(
    private readonly file: string,
    private readonly redactor: Redactor,
  ) {
    mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    if (process.platform !== 'win32') restrictTree(file);
  }

  log(level: LogLevel, message: string, detail?: Record<string, unknown>): void {
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...detail });
    try {
      appendFileSync(this.file, this.redactor.redact(line) + '\n', { mode: PRIVATE_FILE_MODE });
    } catch {
      // Logging must never take the app down.
    }
  }
}
