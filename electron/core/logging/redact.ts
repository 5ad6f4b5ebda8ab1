/**
 * Removes secrets from text bound for a log or an error: bearer tokens, Authorization headers,
 * webhook path tokens, and any secret value registered with the redactor.
 */
export class Redactor {
  private readonly secrets = new Set<string>();

  /** Registers a secret value (an API key, a webhook token) so it never appears in output. */
  add(secret: string): void {
    if (secret.length >= 4) this.secrets.add(secret);
  }

  redact(text: string): string {
    let out = text
      .replace(/(authorization["']?\s*[:=]\s*["']?)(bearer\s+)?[^\s"',}]+/gi, '$1$2[redacted]')
      .replace(/\bbearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer [redacted]')
      .replace(/(\/hooks\/)[^/\s"'?#]+/g, '$1[redacted]')
      .replace(/(#token=)[0-9a-f]+/gi, '$1[redacted]')
      .replace(/(x-signdock-(?:token|session)["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, '$1[redacted]');
    for (const secret of this.secrets) out = out.split(secret).join('[redacted]');
    return out;
  }
}
