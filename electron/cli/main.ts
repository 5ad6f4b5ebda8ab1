import { runCli } from './run-cli';
import { EXIT_FAILED } from './io';

// exitCode rather than exit(): a large JSON document on a pipe is written in full before the process ends.
runCli(process.argv.slice(2), { stdin: process.stdin, env: process.env }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT_FAILED;
  },
);
