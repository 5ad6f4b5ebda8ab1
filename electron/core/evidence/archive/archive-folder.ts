import { X509Certificate } from 'node:crypto';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { AppError } from '../../../../shared/contract/errors';
import {
  defaultRecheck,
  recheckResultSchema,
  recheckSettingSchema,
  type EvidenceSettings,
  type RecheckResult,
  type RecheckSetting,
  type TrustAnchor,
} from '../../../../shared/domain/evidence';
import type { SettingsRepo } from '../../settings/settings-repo';
import { names } from '../checks/cms-verify';

const folderKey = 'evidence.archiveFolder';
const anchorsKey = 'evidence.trustAnchors';
const recheckKey = 'evidence.recheck';
const recheckSinceKey = 'evidence.recheckSince';
const lastRecheckKey = 'evidence.lastRecheck';

/**
 * The archive's settings, kept as data in SQLite: the archive folder (default `<data folder>/archive`),
 * the trust anchors (CA certificates, PEM) that make a signer's chain "trusted", and (kept in Settings'
 * `timestamps`) those that make a time-stamping authority trusted.
 */
export class EvidenceSettingsStore {
  constructor(
    private readonly settings: SettingsRepo,
    private readonly dataFolder: string,
    /** The archive under review, chosen when the host started (web host `--archive`): it overrides the setting, read-only. */
    readonly reviewFolder: string | null = null,
  ) {}

  get defaultFolder(): string {
    return join(this.dataFolder, 'archive');
  }

  archiveFolder(): string {
    if (this.reviewFolder !== null) return this.reviewFolder;
    const stored = this.settings.getValue(folderKey);
    return typeof stored === 'string' && isAbsolute(stored) ? stored : this.defaultFolder;
  }

  setArchiveFolder(path: string | null): void {
    this.refuseWhenReviewing();
    this.settings.setValue(folderKey, path === null ? null : this.checkedFolder(path));
  }

  /** In a read-only review nothing is archived, and the archive reviewed stays the one chosen at start. */
  refuseWhenReviewing(): void {
    if (this.reviewFolder === null) return;
    throw new AppError({
      kind: 'Conflict',
      code: 'evidence.reviewOnly',
      params: { folder: this.reviewFolder },
      message: `This SignDock was started to review the archive in ${this.reviewFolder}, read-only: it archives nothing and keeps that folder. Start it without --archive to archive.`,
    });
  }

  /** A folder given by the user: a full path, made canonical. */
  checkedFolder(path: string): string {
    if (!isAbsolute(path) || path.includes('\0')) {
      throw new AppError({
        kind: 'InvalidInput',
        code: 'evidence.folderNotAbsolute',
        fields: { path: ['A full path, starting at the root of a disk.'] },
        message: `The archive folder must be a full path ("${path}" is not).`,
      });
    }
    return resolve(path);
  }

  anchorPems(): string[] {
    const stored = this.settings.getValue(anchorsKey);
    return Array.isArray(stored) ? stored.filter((pem): pem is string => typeof pem === 'string') : [];
  }

  anchors(): X509Certificate[] {
    return this.anchorPems().flatMap((pem) => {
      try {
        return [new X509Certificate(pem)];
      } catch {
        return [];
      }
    });
  }

  /** Adds every certificate of a PEM text (or one DER certificate); refuses text holding none. */
  addAnchors(text: string | Buffer): TrustAnchor[] {
    const kept = new Map(this.anchors().map((c) => [c.fingerprint256, c]));
    certificatesOf(text).forEach((c) => kept.set(c.fingerprint256, c));
    this.settings.setValue(
      anchorsKey,
      [...kept.values()].map((c) => c.toString()),
    );
    return this.view().trustAnchors;
  }

  /**
   * The CAs that vouch for time-stamping authorities (Settings `timestamps.tsaAnchors`: this computer's,
   * never the archive's), added where the reviewer is: a read-only review may add them, as signer anchors.
   */
  addTsaAnchors(text: string | Buffer): void {
    const { tsaUrl, tsaAnchors } = this.settings.get().timestamps;
    const added = certificatesOf(text).map((c) => ({ pem: c.toString(), subject: '', fingerprint: '' }));
    this.settings.update({ timestamps: { tsaUrl, tsaAnchors: [...tsaAnchors, ...added] } });
  }

  removeTsaAnchor(fingerprint: string): void {
    const { tsaUrl, tsaAnchors } = this.settings.get().timestamps;
    this.settings.update({ timestamps: { tsaUrl, tsaAnchors: tsaAnchors.filter((a) => a.fingerprint !== fingerprint) } });
  }

  removeAnchor(fingerprint: string): void {
    this.settings.setValue(
      anchorsKey,
      this.anchors()
        .filter((c) => c.fingerprint256 !== fingerprint)
        .map((c) => c.toString()),
    );
  }

  recheck(): RecheckSetting {
    const parsed = recheckSettingSchema.safeParse(this.settings.getValue(recheckKey));
    return parsed.success ? parsed.data : defaultRecheck;
  }

  /** A new schedule counts from now (turning it on again does not make a check due at once). */
  setRecheck(setting: RecheckSetting, now = Date.now()): void {
    if (setting.enabled && (!this.recheck().enabled || this.settings.getValue(recheckSinceKey) === undefined))
      this.settings.setValue(recheckSinceKey, now);
    this.settings.setValue(recheckKey, setting);
  }

  /** When the schedule began (written the first time it is asked). */
  recheckSince(now = Date.now()): number {
    const stored = this.settings.getValue(recheckSinceKey);
    if (typeof stored === 'number') return stored;
    this.settings.setValue(recheckSinceKey, now);
    return now;
  }

  lastRecheck(): RecheckResult | null {
    const parsed = recheckResultSchema.safeParse(this.settings.getValue(lastRecheckKey));
    return parsed.success ? parsed.data : null;
  }

  setLastRecheck(result: RecheckResult): void {
    this.settings.setValue(lastRecheckKey, result);
  }

  view(nextRecheckAt: number | null = null): EvidenceSettings {
    return {
      archiveFolder: this.archiveFolder(),
      defaultArchiveFolder: this.defaultFolder,
      trustAnchors: this.anchors().map((c) => ({
        fingerprint: c.fingerprint256,
        subject: names(c.subject),
        validTo: new Date(c.validTo).toISOString(),
      })),
      tsaAnchors: this.settings.get().timestamps.tsaAnchors.flatMap((anchor) => {
        try {
          const c = new X509Certificate(anchor.pem);
          return [{ fingerprint: c.fingerprint256, subject: names(c.subject), validTo: new Date(c.validTo).toISOString() }];
        } catch {
          return [];
        }
      }),
      recheck: this.recheck(),
      lastRecheck: this.lastRecheck(),
      nextRecheckAt: nextRecheckAt === null ? null : new Date(nextRecheckAt).toISOString(),
    };
  }
}

/** Every certificate of a PEM text (or one DER certificate); an error in words when it holds none. */
function certificatesOf(text: string | Buffer): X509Certificate[] {
  const pems = typeof text === 'string' ? (text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []) : [];
  const certificates: X509Certificate[] = [];
  try {
    if (pems.length > 0) pems.forEach((pem) => certificates.push(new X509Certificate(pem)));
    else if (Buffer.isBuffer(text)) certificates.push(new X509Certificate(text));
  } catch {
    certificates.length = 0;
  }
  if (certificates.length === 0) {
    throw new AppError({
      kind: 'InvalidInput',
      code: 'evidence.notCertificate',
      message: "That file holds no certificate (PEM or DER). Pick the certificate authority's certificate.",
    });
  }
  return certificates;
}

/** A bag's folder from the job's archive folder and its relative path; never outside the archive. */
export function resolveBag(root: string, relativePath: string): string {
  const bag = resolve(root, ...relativePath.split('/'));
  const inside = relative(resolve(root), bag);
  if (!root || inside === '' || inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('..')) {
    throw new AppError({
      kind: 'InvalidInput',
      code: 'evidence.badBagPath',
      message: `The bag path "${relativePath}" is not inside the archive folder.`,
    });
  }
  return bag;
}
