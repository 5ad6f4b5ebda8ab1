/**
 * What the CLI prints comes partly from outside (file names, titles, the service's messages): a file
 * named with terminal escape sequences could rewrite the screen, set the window title or worse. Human
 * output loses every escape sequence and control character but line breaks, carriage returns (progress
 * lines) and tabs; JSON output keeps the data, with the C1 controls (which JSON.stringify leaves raw and
 * some terminals obey) written as \u escapes.
 */
// ESC sequences (CSI, OSC, DCS, PM, APC, SOS, and two-character ones), then lone C0/C1 controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const escapeSequence = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][\s\S]*?(?:\x07|\x1b\\|$)|[@-Z\\-_])?/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controls = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f\u0080-\u009f]/g;

export function terminalSafe(text: string): string {
  return text.replace(escapeSequence, '').replace(controls, '');
}

/** For `--json` output: the same data, with C1 controls escaped (C0 ones already are, by JSON). */
export function jsonSafe(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
