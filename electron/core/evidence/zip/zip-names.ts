import yauzl from 'yauzl';
import { ZipRefused } from './zip-refusal';

/**
 * Entry names as every tool would read them, and the names that would land on one file. A name is
 * decoded from its bytes (UTF-8 when the entry says so, strictly; else code page 437, as unzip and
 * Python do); an Info-ZIP Unicode Path field (0x7075) that names something else is refused, whatever
 * its CRC (a tool that skips that CRC would use it); so are names that climb out of their folder or
 * are absolute, and names that collide once case and Unicode normalisation are ignored (Windows and
 * macOS put them on one file) or where a file is also a folder.
 */

const unicodePathField = 0x7075;
const cp437 =
  '\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼ !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~⌂ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** C0 control characters (a regex literal holding them trips the linter). */
const controls = new RegExp(`[${String.fromCharCode(0)}-${String.fromCharCode(31)}]`, 'g');
/** The name with control characters shown as `?`. */
export const shown = (name: string) => name.replace(controls, '?');

/** The name in an entry's header (`where`: "its local header" or the directory), checked. */
export function entryName(raw: Buffer, flags: number, extra: Buffer, where = "the package's directory"): string {
  const name = decodeName(raw, (flags & 0x800) !== 0);
  checkName(name);
  let fields: yauzl.ExtraField[];
  try {
    fields = yauzl.parseExtraFields(extra);
  } catch (error) {
    throw new ZipRefused({
      reason: 'badExtraField',
      entry: shown(name),
      detail: `The entry "${shown(name)}" has a malformed extra field in ${where} (${error instanceof Error ? error.message : String(error)}).`,
    });
  }
  for (const field of fields.filter((f) => f.id === unicodePathField && f.data.length >= 5)) {
    const unicode = field.data.subarray(5).toString('utf8');
    if (unicode !== name) {
      throw new ZipRefused({
        reason: 'unicodePath',
        entry: shown(name),
        detail: `The entry "${shown(name)}" carries a second name, "${shown(unicode)}", in an Info-ZIP Unicode Path field in ${where}: tools that read that field open one file under this name, tools that ignore it open another.`,
      });
    }
  }
  return name;
}

function decodeName(raw: Buffer, utf8: boolean): string {
  if (!utf8) return Array.from(raw, (byte) => cp437[byte]).join('');
  try {
    return strictUtf8.decode(raw);
  } catch {
    const guess = shown(raw.toString('utf8'));
    throw new ZipRefused({
      reason: 'badName',
      entry: guess,
      detail: `The entry "${guess}" says its name is UTF-8 but its bytes are not valid UTF-8: each tool would read a different name.`,
    });
  }
}

export function checkName(name: string): void {
  const safe = shown(name);
  if (name.length === 0 || name !== safe)
    throw new ZipRefused({ reason: 'badName', entry: safe, detail: `An entry has an empty name or control characters in it ("${safe}").` });
  if (name.includes('\\'))
    throw new ZipRefused({
      reason: 'backslash',
      entry: safe,
      detail: `The entry "${safe}" has a backslash in its name: on Windows it could land in another folder.`,
    });
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name))
    throw new ZipRefused({
      reason: 'absolutePath',
      entry: safe,
      detail: `The entry "${safe}" has an absolute path: extracting it would write outside its folder.`,
    });
  if (name.split('/').includes('..'))
    throw new ZipRefused({
      reason: 'parentPath',
      entry: safe,
      detail: `The entry "${safe}" climbs out of its folder with "..": extracting it would write elsewhere (zip slip).`,
    });
}

/**
 * The file a name lands on where case and Unicode form do not count (Windows, macOS): NFC, lower
 * case, and without the trailing dots and spaces Windows drops from each part.
 */
export function landingKey(name: string): string {
  return name
    .replace(/\/+$/, '')
    .normalize('NFC')
    .toLowerCase()
    .normalize('NFC')
    .split('/')
    .map((part) => part.replace(/[. ]+$/, '') || part)
    .join('/');
}

/** Names seen so far in one archive: refuses an exact duplicate, a collision, and a file that is also a folder. */
export class NameRegister {
  private readonly exact = new Set<string>();
  private readonly landing = new Map<string, string>();
  private readonly files = new Map<string, string>();
  private readonly folders = new Map<string, string>();

  add(name: string): void {
    if (this.exact.has(name))
      throw new ZipRefused({ reason: 'duplicate', entry: name, detail: `The entry "${name}" appears twice in the package.` });
    this.exact.add(name);
    const key = landingKey(name);
    const directory = name.endsWith('/');
    const twin = this.landing.get(key);
    if (twin !== undefined && !(directory && twin.endsWith('/'))) throw collision(name, twin);
    this.landing.set(key, name);
    // Each folder above the entry must not be a file, and a file must not be a folder above another entry.
    const parts = key.split('/');
    for (let i = 1; i < parts.length; i += 1) {
      const folder = parts.slice(0, i).join('/');
      const file = this.files.get(folder);
      if (file !== undefined) throw fileAndFolder(file, name);
      if (!this.folders.has(folder)) this.folders.set(folder, name);
    }
    if (!directory) {
      const inside = this.folders.get(key);
      if (inside !== undefined) throw fileAndFolder(name, inside);
      this.files.set(key, name);
    }
  }
}

function collision(name: string, twin: string): ZipRefused {
  return new ZipRefused({
    reason: 'nameCollision',
    entry: name,
    detail: `The entries "${twin}" and "${name}" differ only in letter case, Unicode form (NFC/NFD) or trailing dots: on Windows and macOS they are one file, so extracting the package would let one overwrite the other.`,
  });
}

function fileAndFolder(file: string, inside: string): ZipRefused {
  return new ZipRefused({
    reason: 'nameCollision',
    entry: inside,
    detail: `The entry "${inside}" sits in a folder that is also the file "${file}": extracting the package would overwrite one with the other.`,
  });
}
