import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Reading the SSH tunnel's private key and known_hosts files, wherever their path came from (the
 * settings, the CLI's flags, ~/.ssh): regular files only (a device such as /dev/zero, a FIFO or a folder
 * is refused at once, without waiting on it or reading it) and at most a bounded size, read no further.
 */
export const MAX_SSH_KEY_BYTES = 64 * 1024;
export const MAX_KNOWN_HOSTS_BYTES = 1024 * 1024;

export class SshFileRefused extends Error {
  constructor(
    readonly path: string,
    readonly reason: 'missing' | 'notRegular' | 'tooLarge' | 'unreadable',
  ) {
    super(`${path}: ${reason}`);
  }
}

/** The file's bytes when it is a regular file of at most `maxBytes`; throws `SshFileRefused` otherwise. */
export async function readSshFile(path: string, maxBytes: number): Promise<Buffer> {
  let handle;
  try {
    // A link to a key is followed (keys are often linked); O_NONBLOCK: a FIFO does not hold the open.
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new SshFileRefused(path, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable');
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new SshFileRefused(path, 'notRegular');
    if (info.size > maxBytes) throw new SshFileRefused(path, 'tooLarge');
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw new SshFileRefused(path, 'tooLarge');
    }
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof SshFileRefused) throw error;
    throw new SshFileRefused(path, 'unreadable');
  } finally {
    await handle.close();
  }
}
