import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tsaUrlSchema } from '../../../../shared/domain/timestamp';
import type { SettingsRepo } from '../../settings/settings-repo';
import type { TsaEndpoint } from './bag-timestamp';

/** For one run, stored nowhere: CLI `--tsa URL` / SIGNDOCK_TSA_URL and `--tsa-ca FILE` / SIGNDOCK_TSA_CA. */
export interface TsaOverride {
  url?: string;
  /** PEM text of the CA certificates given (each file may hold several). */
  anchorsPem?: string[];
}

/**
 * Which time-stamping authority to ask and which CAs vouch for TSAs: the run's override when given,
 * else Settings (`timestamps.tsaUrl`, `timestamps.tsaAnchors`). No TSA by default.
 */
export class TsaSettings {
  constructor(
    private readonly settings: SettingsRepo,
    private readonly override: TsaOverride = {},
  ) {}

  endpoint(): TsaEndpoint | null {
    const url = this.override.url ?? this.settings.get().timestamps.tsaUrl;
    return url ? { url, anchors: this.anchors() } : null;
  }

  anchors(): X509Certificate[] {
    const pems = this.override.anchorsPem ?? this.settings.get().timestamps.tsaAnchors.map((anchor) => anchor.pem);
    return pems.flatMap((text) =>
      (text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).flatMap((pem) => {
        try {
          return [new X509Certificate(pem)];
        } catch {
          return [];
        }
      }),
    );
  }
}

/**
 * The override from the CLI's flags and environment; a bad address or a file with no certificate is an
 * error naming the flag or variable and the file.
 */
export function tsaOverrideFrom(
  flags: { url?: string | undefined; caFiles: string[] },
  env: NodeJS.ProcessEnv,
  resolvePath: (path: string) => string,
): TsaOverride {
  const override: TsaOverride = {};
  const url = flags.url ?? (env.SIGNDOCK_TSA_URL?.trim() || undefined);
  if (url !== undefined) {
    const parsed = tsaUrlSchema.safeParse(url);
    if (!parsed.success)
      throw new Error(
        `${flags.url !== undefined ? '--tsa' : 'SIGNDOCK_TSA_URL'}: "${url}" is not a time-stamping authority's address (${parsed.error.issues[0]?.message ?? 'http:// or https://'}).`,
      );
    override.url = parsed.data;
  }
  const files = flags.caFiles.length > 0 ? flags.caFiles : env.SIGNDOCK_TSA_CA?.trim() ? [env.SIGNDOCK_TSA_CA.trim()] : [];
  const source = flags.caFiles.length > 0 ? '--tsa-ca' : 'SIGNDOCK_TSA_CA';
  if (files.length > 0) {
    override.anchorsPem = files.map((file) => {
      const path = resolvePath(file);
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        throw new Error(`${source}: the file "${path}" cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`, {
          cause: error,
        });
      }
      const found = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
      if (found.length === 0 || found.some((pem) => !isCertificate(pem)))
        throw new Error(`${source}: the file "${path}" holds no certificate in PEM text.`);
      return text;
    });
  }
  return override;
}

function isCertificate(pem: string): boolean {
  try {
    new X509Certificate(pem);
    return true;
  } catch {
    return false;
  }
}
