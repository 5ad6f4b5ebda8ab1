import type { X509Certificate } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TimestampCheck } from '../../../../shared/domain/timestamp';
import { writeFileAtomic } from '../bag/atomic-write';
import { tagManifestName } from '../bag/bagit';
import { maxSkewMs, requestTimestamp, type TsaRequestOptions } from './tsa-client';
import { verifyToken, weakHashes } from './token-verify';
import { buildTsaChain, CHAIN_FILE, pemCertificates } from './tsa-chain';

/**
 * A bag's timestamp chain, stored in the bag root beside what it covers (detached, so the tag manifest
 * it covers never lists it and the bag stays valid BagIt):
 *   `tagmanifest-sha256.txt.tsr`  a DER TimeStampResp over `tagmanifest-sha256.txt`;
 *   `timestamps/0002.tsr`, `0003.tsr`…  renewals (RFC 4998 in spirit): token N over the bytes of
 *     `tagmanifest-sha256.txt` followed by the bytes of token N-1;
 *   `tsa-chain.pem`  the TSA's certificates from the tokens and the TSA anchors that issued them, for
 *     `openssl ts -verify -CAfile` (a convenience, never read back as trust: `tsa-chain.ts`).
 * Each is checked with openssl alone (README "Trusted timestamps").
 */
export const TOKEN_FILE = `${tagManifestName}.tsr`;
export const RENEWAL_FOLDER = 'timestamps';
const maxTokenBytes = 1024 * 1024;
const expiryWarningDays = 90;

export interface TsaEndpoint {
  url: string;
  /** The TSA anchors trusted when stamping: the one that issued the TSA's certificate goes into `tsa-chain.pem`. */
  anchors?: readonly X509Certificate[];
}

/** The chain's files, bag-relative, oldest first: the first token and each renewal. */
export async function tokenFiles(bag: string): Promise<string[]> {
  if (!(await regular(join(bag, TOKEN_FILE)))) return [];
  const renewals = (await readdir(join(bag, RENEWAL_FOLDER)).catch(() => [] as string[]))
    .filter((name) => /^\d{4}\.tsr$/.test(name))
    .sort();
  return [TOKEN_FILE, ...renewals.map((name) => `${RENEWAL_FOLDER}/${name}`)];
}

/**
 * Asks the TSA for the bag's first token (after its tag files were written). `fresh`: the tag files were
 * just written, so a token left from before covers old bytes and is replaced. Without a TSA: `none`; an
 * unreachable or refusing TSA: `not-yet` with why (the bag stays archived; a re-check adds the token).
 */
export async function stampBag(
  bag: string,
  tsa: TsaEndpoint | null,
  options: TsaRequestOptions & { fresh?: boolean } = {},
): Promise<{ state: 'stamped' | 'already' | 'none' | 'not-yet'; detail: string }> {
  if (!tsa) return { state: 'none', detail: 'No time-stamping authority is set: not timestamped.' };
  if (options.fresh) {
    await rm(join(bag, TOKEN_FILE), { force: true });
    await rm(join(bag, RENEWAL_FOLDER), { recursive: true, force: true });
    await rm(join(bag, CHAIN_FILE), { force: true });
  } else if ((await tokenFiles(bag)).length > 0) return { state: 'already', detail: 'Timestamped already.' };
  else if (await lstat(join(bag, TOKEN_FILE)).catch(() => null))
    return { state: 'not-yet', detail: `${TOKEN_FILE} is there but is not a regular file: left as it is, for someone to look at.` };
  const manifest = await readBounded(join(bag, tagManifestName));
  if (!manifest) return { state: 'not-yet', detail: 'The bag has no tag manifest to timestamp.' };
  try {
    await writeFileAtomic(join(bag, TOKEN_FILE), await requestTimestamp(tsa.url, manifest, options));
  } catch (error) {
    return { state: 'not-yet', detail: `Not timestamped yet: ${error instanceof Error ? error.message : String(error)}` };
  }
  await writeChain(bag, tsa);
  return { state: 'stamped', detail: `Timestamped by ${tsa.url}.` };
}

/** Adds a renewal token over the tag manifest and the newest token. Throws (TsaError) when the TSA does not give one. */
export async function renewBagTimestamp(bag: string, tsa: TsaEndpoint, options: TsaRequestOptions = {}): Promise<string> {
  const files = await tokenFiles(bag);
  if (files.length === 0) throw new Error('The bag has no timestamp to renew: timestamp it first.');
  const manifest = await readBounded(join(bag, tagManifestName));
  const previous = await readBounded(join(bag, files[files.length - 1]!));
  if (!manifest || !previous) throw new Error("The bag's tag manifest or its newest token cannot be read.");
  const name = `${RENEWAL_FOLDER}/${String(files.length + 1).padStart(4, '0')}.tsr`;
  const reply = await requestTimestamp(tsa.url, Buffer.concat([manifest, previous]), options);
  await mkdir(join(bag, RENEWAL_FOLDER), { recursive: true, mode: 0o700 });
  await writeFileAtomic(join(bag, name), reply);
  await writeChain(bag, tsa);
  return name;
}

/**
 * `tsa-chain.pem` beside the tokens: the certificates of every token of the bag and the anchors that issued
 * them, keeping those of the chain file before (a renewal without anchors keeps the root written at archiving).
 */
async function writeChain(bag: string, tsa: TsaEndpoint): Promise<void> {
  const tokens: Buffer[] = [];
  for (const file of await tokenFiles(bag)) {
    const token = await readBounded(join(bag, file));
    if (token) tokens.push(token);
  }
  const before = await readBounded(join(bag, CHAIN_FILE));
  const chain = buildTsaChain(tokens, tsa.anchors ?? [], before ? pemCertificates(before.toString('utf8')) : []);
  if (chain.pem) await writeFileAtomic(join(bag, CHAIN_FILE), chain.pem);
}

/**
 * The bag's timestamp from its files alone (no network): every token of the chain over what it covers,
 * each renewal dated no earlier than the token it renews, none dated later than now (10 minutes' grace).
 * A first token that is there but not a regular file (a link, a FIFO) fails; it is never followed.
 */
export async function checkBagTimestamp(
  bag: string,
  options: { anchors: readonly X509Certificate[]; tsaConfigured: boolean; now?: Date },
): Promise<TimestampCheck> {
  const base: TimestampCheck = {
    state: 'none',
    time: null,
    renewedAt: null,
    tsa: null,
    trusted: false,
    tokens: 0,
    detail: '',
    warnings: [],
  };
  const files = await tokenFiles(bag);
  const first = await lstat(join(bag, TOKEN_FILE)).catch(() => null);
  if (files.length === 0 && first)
    // A link, a FIFO, a folder where the token should be: something is there and it is not a token SignDock wrote.
    return {
      ...base,
      state: 'failed',
      tokens: 1,
      detail: `${TOKEN_FILE} is not a regular file (a link, a pipe or a folder): the timestamp cannot be checked, and SignDock never follows it.`,
    };
  if (files.length === 0) {
    return options.tsaConfigured
      ? {
          ...base,
          state: 'not-yet',
          detail: 'Not timestamped yet: the time-stamping authority has not given this bag a token (a re-check adds it).',
        }
      : { ...base, detail: 'Not timestamped: no time-stamping authority is set.' };
  }
  const manifest = await readBounded(join(bag, tagManifestName));
  if (!manifest)
    return {
      ...base,
      state: 'failed',
      tokens: files.length,
      detail: `${tagManifestName} is missing or unreadable: the timestamp covers nothing that is here.`,
    };
  let previous: Buffer | null = null;
  let previousTime: Date | null = null;
  let result: TimestampCheck = { ...base, state: 'passed', tokens: files.length, trusted: true };
  let latest: { hash: string; certNotAfter: Date } | null = null;
  const now = options.now ?? new Date();
  const renewals = await lstat(join(bag, RENEWAL_FOLDER)).catch(() => null);
  if (renewals && !renewals.isDirectory())
    return {
      ...result,
      state: 'failed',
      trusted: false,
      detail: `${RENEWAL_FOLDER} is not a folder (a link or a file): its renewals cannot be checked.`,
    };
  for (const file of files) {
    const token = await readBounded(join(bag, file));
    if (!token) return { ...result, state: 'failed', trusted: false, detail: `${file} is not a regular file of at most 1 MB.` };
    const covered: Buffer = previous ? Buffer.concat([manifest, previous]) : manifest;
    const checked = await verifyToken(token, covered, options.anchors);
    if (!checked.ok) {
      const what = previous ? `${tagManifestName} and the token before it` : tagManifestName;
      return {
        ...result,
        state: 'failed',
        trusted: false,
        tsa: checked.facts.tsa ?? result.tsa,
        time: result.time ?? checked.facts.time?.toISOString() ?? null,
        detail: `${file} (over ${what}): ${checked.problem}`,
      };
    }
    const at = checked.facts.time.toISOString();
    const misdated =
      checked.facts.time.getTime() > now.getTime() + maxSkewMs
        ? `it is dated ${at}, later than now: no authority can vouch for a time still to come.`
        : previousTime && checked.facts.time < previousTime
          ? `it is dated ${at}, before the token it renews (${previousTime.toISOString()}): a renewal is made after what it covers.`
          : null;
    if (misdated)
      return {
        ...result,
        state: 'failed',
        trusted: false,
        tsa: checked.facts.tsa,
        time: result.time ?? at,
        detail: `${file}: ${misdated}`,
      };
    result = {
      ...result,
      time: result.time ?? at,
      renewedAt: previous ? at : null,
      tsa: checked.facts.tsa,
      trusted: result.trusted && checked.facts.trusted,
    };
    latest = { hash: checked.facts.hash, certNotAfter: checked.facts.certNotAfter };
    previous = token;
    previousTime = checked.facts.time;
  }
  const warnings: string[] = [];
  if (latest) {
    const days = Math.floor((latest.certNotAfter.getTime() - now.getTime()) / 86_400_000);
    if (days < expiryWarningDays)
      warnings.push(
        days < 0
          ? `The TSA certificate of the newest token expired on ${latest.certNotAfter.toISOString().slice(0, 10)}: re-timestamp with a current authority (timestamp --renew).`
          : `The TSA certificate of the newest token expires on ${latest.certNotAfter.toISOString().slice(0, 10)} (in ${days} days): re-timestamp before then (timestamp --renew).`,
      );
    if (weakHashes.has(latest.hash))
      warnings.push(`The newest token uses ${latest.hash.toUpperCase()}, no longer a safe hash: re-timestamp (timestamp --renew).`);
  }
  return { ...result, detail: '', warnings };
}

async function regular(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isFile() ?? false;
}

/** A regular file (never through a link) of at most 1 MB, or null. */
async function readBounded(path: string): Promise<Buffer | null> {
  const info = await lstat(path).catch(() => null);
  if (!info?.isFile() || info.size > maxTokenBytes) return null;
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(info.size);
    const { bytesRead } = await handle.read(buffer, 0, info.size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
