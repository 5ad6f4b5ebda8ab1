import type { Check, CheckId, CheckStatus } from './evidence';

/**
 * The catalogue of evidence checks: each check's id, the parameters it carries, and its words in
 * English and Spanish for each result. The core emits ids and parameters (and keeps the English words
 * in the report, so a bag reads without SignDock); the UI, the CLI and the PDF report all speak from
 * here. A result's words are chosen by `status`, or `status:case` when the check names a case
 * (`params.case`: which way it passed or failed); a check that could not run (`params.reason`, no case)
 * takes `incomplete:notRun` when the entry has it. `{name}` is filled from the check's parameters.
 */
export type Lang = 'en' | 'es';
export interface Words {
  title: string;
  detail: string;
}
type ResultKey = CheckStatus | `${CheckStatus}:${string}`;
export type CheckWords = Partial<Record<ResultKey, Words>>;

export interface CatalogueEntry {
  /** Parameters the words use (besides `file` and `reason`, which every check may carry). */
  params: readonly string[];
  /** Folded per file: one line per source with `items` listing each file ("18 files match hashes.txt"). */
  folded: boolean;
  en: CheckWords;
  es: CheckWords;
}

const incomplete = { en: { title: 'Could not be checked', detail: '{reason}' }, es: { title: 'No se pudo comprobar', detail: '{reason}' } };

export const checkCatalogue: Record<CheckId, CatalogueEntry> = {
  'bag.files': {
    params: ['count'],
    folded: true,
    en: {
      passed: {
        title: 'Only regular files, all inside the bag',
        detail: '{count} files read, none a link, FIFO, socket or device, none outside the bag.',
      },
      failed: {
        title: 'Not every entry of the bag is a regular file ({count} refused)',
        detail: 'Links, FIFOs, sockets and devices are refused: none was followed or read.',
      },
    },
    es: {
      passed: {
        title: 'Solo archivos normales, todos dentro de la bolsa',
        detail: '{count} archivos leídos; ninguno es un enlace, FIFO, socket o dispositivo, ni está fuera de la bolsa.',
      },
      failed: {
        title: 'No todas las entradas de la bolsa son archivos normales ({count} rechazadas)',
        detail: 'Se rechazan enlaces, FIFO, sockets y dispositivos: no se siguió ni leyó ninguno.',
      },
    },
  },
  'bag.manifest': {
    params: ['count', 'failedCount', 'missingCount'],
    folded: true,
    en: {
      passed: {
        title: '{count} files match manifest-sha256.txt',
        detail: "Each payload file is, byte for byte, the file the bag's manifest lists.",
      },
      failed: {
        title: '{failedCount} of {count} files do not match manifest-sha256.txt',
        detail: 'Changed, added or named outside data/ since the manifest was written (see the list).',
      },
      incomplete: {
        title: '{missingCount} of {count} files listed in manifest-sha256.txt are missing',
        detail: 'The payload is not all there: what is missing was not checked.',
      },
      'incomplete:noManifest': { title: 'The bag has no payload manifest', detail: '{reason}' },
      'incomplete:notRun': { title: 'The payload could not be checked against manifest-sha256.txt', detail: '{reason}' },
    },
    es: {
      passed: {
        title: '{count} archivos coinciden con manifest-sha256.txt',
        detail: 'Cada archivo es, byte a byte, el que lista el manifiesto de la bolsa.',
      },
      failed: {
        title: '{failedCount} de {count} archivos no coinciden con manifest-sha256.txt',
        detail: 'Cambiados, añadidos o nombrados fuera de data/ desde que se escribió el manifiesto (ver la lista).',
      },
      incomplete: {
        title: 'Faltan {missingCount} de {count} archivos listados en manifest-sha256.txt',
        detail: 'El contenido no está completo: lo que falta no se comprobó.',
      },
      'incomplete:noManifest': { title: 'La bolsa no tiene manifiesto de contenido', detail: '{reason}' },
      'incomplete:notRun': { title: 'No se pudo comprobar el contenido con manifest-sha256.txt', detail: '{reason}' },
    },
  },
  'bag.tagManifest': {
    params: ['count', 'failedCount', 'missingCount'],
    folded: true,
    en: {
      passed: {
        title: '{count} tag files match tagmanifest-sha256.txt',
        detail: 'bagit.txt, bag-info.txt and the payload manifest are as the tag manifest lists them.',
      },
      failed: {
        title: '{failedCount} of {count} tag files do not match tagmanifest-sha256.txt',
        detail: 'A tag file changed since the tag manifest was written, or it names a path outside the bag.',
      },
      incomplete: { title: 'The tag manifest is missing or lists a missing file', detail: '{reason}' },
    },
    es: {
      passed: {
        title: '{count} archivos de etiqueta coinciden con tagmanifest-sha256.txt',
        detail: 'bagit.txt, bag-info.txt y el manifiesto de contenido son los que lista el manifiesto de etiquetas.',
      },
      failed: {
        title: '{failedCount} de {count} archivos de etiqueta no coinciden con tagmanifest-sha256.txt',
        detail: 'Un archivo de etiqueta cambió desde que se escribió el manifiesto de etiquetas, o nombra una ruta fuera de la bolsa.',
      },
      incomplete: { title: 'Falta el manifiesto de etiquetas o un archivo que lista', detail: '{reason}' },
    },
  },
  'bag.oxum': {
    params: ['expected', 'found'],
    folded: false,
    en: {
      passed: { title: 'Payload-Oxum agrees with the payload', detail: '{found} (bytes.files), as bag-info.txt says.' },
      incomplete: {
        title: 'Payload-Oxum does not agree with the payload',
        detail: 'bag-info.txt says {expected} (bytes.files); the payload holds {found}: not all of it is there, the bag is not complete.',
      },
      'failed:size': {
        title: 'A payload file changed size',
        detail:
          'bag-info.txt says {expected} (bytes.files); the payload holds {found}: as many files, in other bytes. The files that do not match manifest-sha256.txt are the ones that changed.',
      },
      'failed:added': {
        title: 'Files were added to the payload',
        detail: 'bag-info.txt says {expected} (bytes.files); the payload holds {found}: more files than when the bag was made.',
      },
      notApplicable: {
        title: 'bag-info.txt gives no Payload-Oxum',
        detail: 'It is optional in BagIt; the payload was checked against the manifest alone.',
      },
      'incomplete:unreadable': {
        title: 'Payload-Oxum could not be checked',
        detail: '{reason} bag-info.txt must be a regular file of at most 1 MB.',
      },
      'incomplete:notRun': { title: 'Payload-Oxum could not be checked', detail: '{reason}' },
    },
    es: {
      passed: { title: 'Payload-Oxum coincide con el contenido', detail: '{found} (bytes.archivos), como dice bag-info.txt.' },
      incomplete: {
        title: 'Payload-Oxum no coincide con el contenido',
        detail: 'bag-info.txt dice {expected} (bytes.archivos); el contenido tiene {found}: no está todo, la bolsa no está completa.',
      },
      'failed:size': {
        title: 'Un archivo del contenido cambió de tamaño',
        detail:
          'bag-info.txt dice {expected} (bytes.archivos); el contenido tiene {found}: los mismos archivos, con otros bytes. Los archivos que no coinciden con manifest-sha256.txt son los que cambiaron.',
      },
      'failed:added': {
        title: 'Se añadieron archivos al contenido',
        detail: 'bag-info.txt dice {expected} (bytes.archivos); el contenido tiene {found}: más archivos que cuando se hizo la bolsa.',
      },
      notApplicable: {
        title: 'bag-info.txt no da Payload-Oxum',
        detail: 'Es opcional en BagIt; el contenido se comprobó solo contra el manifiesto.',
      },
      'incomplete:unreadable': {
        title: 'No se pudo comprobar Payload-Oxum',
        detail: '{reason} bag-info.txt debe ser un archivo normal de 1 MB como máximo.',
      },
      'incomplete:notRun': { title: 'No se pudo comprobar Payload-Oxum', detail: '{reason}' },
    },
  },
  'package.safe': {
    params: ['entries', 'refusal', 'nested'],
    folded: false,
    en: {
      passed: {
        title: 'The package is safe to open',
        detail:
          '{entries} entries read without extracting anything: each local header agrees with the central directory and every byte is accounted for, every CRC-32 matches; no absolute or ".." paths, backslashes, links, names that collide, or oversized entries.',
      },
      'passed:nested': {
        title: 'The package is safe to open',
        detail:
          '{entries} entries read without extracting anything: each local header agrees with the central directory and every byte is accounted for, every CRC-32 matches; no absolute or ".." paths, backslashes, links, names that collide, or oversized entries. ZIPs inside, inspected the same way: {nested}.',
      },
      failed: { title: 'The package was refused', detail: '{refusal} Nothing in it was extracted or checked further.' },
      incomplete: { title: 'The package could not be checked', detail: '{reason}' },
    },
    es: {
      passed: {
        title: 'El paquete es seguro de abrir',
        detail:
          '{entries} entradas leídas sin extraer nada: cada cabecera local coincide con el directorio central y todos los bytes están contabilizados, cada CRC-32 coincide; sin rutas absolutas ni "..", barras invertidas, enlaces, nombres que colisionan ni entradas desmesuradas.',
      },
      'passed:nested': {
        title: 'El paquete es seguro de abrir',
        detail:
          '{entries} entradas leídas sin extraer nada: cada cabecera local coincide con el directorio central y todos los bytes están contabilizados, cada CRC-32 coincide; sin rutas absolutas ni "..", barras invertidas, enlaces, nombres que colisionan ni entradas desmesuradas. ZIP internos, inspeccionados con las mismas reglas: {nested}.',
      },
      failed: { title: 'El paquete fue rechazado', detail: '{refusal} No se extrajo ni se comprobó nada más de él.' },
      incomplete: { title: 'No se pudo comprobar el paquete', detail: '{reason}' },
    },
  },
  'package.listedHash': {
    params: ['source', 'algorithm', 'count', 'failedCount'],
    folded: true,
    en: {
      passed: { title: '{count} files match {source}', detail: 'Each file is the same as when {source} listed its {algorithm} hash.' },
      failed: {
        title: '{failedCount} of {count} files do not match {source}',
        detail: 'A file is not the one {source} lists (see the list).',
      },
      notApplicable: {
        title: 'Hash values listed in the package',
        detail: "The package's text files list no hash value next to a file name, so no file could be checked against them.",
      },
      incomplete: incomplete.en,
    },
    es: {
      passed: {
        title: '{count} archivos coinciden con {source}',
        detail: 'Cada archivo es el mismo que cuando {source} listó su huella {algorithm}.',
      },
      failed: {
        title: '{failedCount} de {count} archivos no coinciden con {source}',
        detail: 'Un archivo no es el que lista {source} (ver la lista).',
      },
      notApplicable: {
        title: 'Huellas listadas en el paquete',
        detail: 'Los archivos de texto del paquete no listan ninguna huella junto a un nombre de archivo: no se pudo comprobar ninguno.',
      },
      incomplete: incomplete.es,
    },
  },
  'package.unlisted': {
    params: ['count'],
    folded: true,
    en: {
      notApplicable: {
        title: '{count} files with no listed hash',
        detail: 'The package lists no hash for them: they were not checked against the package.',
      },
    },
    es: {
      notApplicable: {
        title: '{count} archivos sin huella listada',
        detail: 'El paquete no lista su huella: no se comprobaron contra el paquete.',
      },
    },
  },
  'signed.inPackage': {
    params: ['source'],
    folded: false,
    en: {
      'passed:listed': { title: "The signed PDF's hash appears in the package", detail: 'Its hash is listed in {source}.' },
      'passed:same': { title: "The signed PDF's hash appears in the package", detail: 'The package holds the same file ({source}).' },
      failed: {
        title: "The signed PDF's hash is not in the package",
        detail: 'No hash of the signed PDF (SHA-256, SHA-512, SHA-1 or MD5) appears in the package, and no entry is the same file.',
      },
      incomplete: { title: "The signed PDF's hash in the package could not be checked", detail: '{reason}' },
    },
    es: {
      'passed:listed': { title: 'La huella del PDF firmado está en el paquete', detail: 'Su huella aparece en {source}.' },
      'passed:same': { title: 'La huella del PDF firmado está en el paquete', detail: 'El paquete contiene el mismo archivo ({source}).' },
      failed: {
        title: 'La huella del PDF firmado no está en el paquete',
        detail:
          'Ninguna huella del PDF firmado (SHA-256, SHA-512, SHA-1 o MD5) aparece en el paquete, y ninguna entrada es el mismo archivo.',
      },
      incomplete: { title: 'No se pudo comprobar la huella del PDF firmado en el paquete', detail: '{reason}' },
    },
  },
  'signed.inCertificate': {
    params: ['algorithm'],
    folded: false,
    en: {
      passed: {
        title: "The signed PDF's hash appears in the audit certificate",
        detail: "The certificate's text shows the signed PDF's {algorithm}.",
      },
      failed: {
        title: "The signed PDF's hash is not in the audit certificate",
        detail:
          "The certificate's text does not show the hash of this signed PDF: it may be the certificate of another version of the document.",
      },
      'failed:onlyProperties': {
        title: "The signed PDF's hash is not in the audit certificate",
        detail: "The certificate's visible text does not show the signed PDF's hash (only its document properties do).",
      },
      incomplete: { title: 'The audit certificate could not be checked', detail: '{reason}' },
    },
    es: {
      passed: {
        title: 'La huella del PDF firmado aparece en el certificado de auditoría',
        detail: 'El texto del certificado muestra el {algorithm} del PDF firmado.',
      },
      failed: {
        title: 'La huella del PDF firmado no está en el certificado de auditoría',
        detail:
          'El texto del certificado no muestra la huella de este PDF firmado: puede ser el certificado de otra versión del documento.',
      },
      'failed:onlyProperties': {
        title: 'La huella del PDF firmado no está en el certificado de auditoría',
        detail: 'El texto visible del certificado no muestra la huella del PDF firmado (solo sus propiedades de documento).',
      },
      incomplete: { title: 'No se pudo comprobar el certificado de auditoría', detail: '{reason}' },
    },
  },
  'signature.cms': {
    params: ['signs', 'subject', 'problem', 'trust'],
    folded: false,
    en: {
      'passed:trusted': {
        title: 'Signature {file} over {signs}',
        detail: 'Intact, and its signer chains to a certificate authority you trust. Signer: {subject}.',
      },
      'passed:untrusted': {
        title: 'Signature {file} over {signs}',
        detail:
          "Intact, signer not vouched for: no certificate authority of Settings vouches for the signer's certificate ({subject}). Add that authority's certificate to trust it.",
      },
      failed: { title: 'Signature {file} does not verify', detail: '{problem}' },
      incomplete: { title: 'Signature {file} could not be read', detail: '{problem}' },
      'incomplete:notRun': { title: 'The signatures in the package could not be checked', detail: '{reason}' },
      notApplicable: {
        title: 'Signature files in the package',
        detail: 'The package holds no signature file (.p7s): no signer signature could be verified.',
      },
    },
    es: {
      'passed:trusted': {
        title: 'Firma {file} sobre {signs}',
        detail: 'Íntegra, y su firmante enlaza con una autoridad de certificación de confianza. Firmante: {subject}.',
      },
      'passed:untrusted': {
        title: 'Firma {file} sobre {signs}',
        detail:
          'Íntegra, firmante sin respaldo: ninguna autoridad de certificación de Ajustes respalda el certificado del firmante ({subject}). Añada el certificado de esa autoridad para confiar en él.',
      },
      failed: { title: 'La firma {file} no se verifica', detail: '{problem}' },
      incomplete: { title: 'No se pudo leer la firma {file}', detail: '{problem}' },
      'incomplete:notRun': { title: 'No se pudieron comprobar las firmas del paquete', detail: '{reason}' },
      notApplicable: {
        title: 'Archivos de firma en el paquete',
        detail: 'El paquete no contiene archivos de firma (.p7s): no se pudo verificar ninguna firma de firmante.',
      },
    },
  },
  'signed.pdfSignature': {
    params: ['signs', 'subject', 'problem', 'trust'],
    folded: false,
    en: {
      'passed:trusted': {
        title: 'PDF signature {file}',
        detail: 'Intact, and its signer chains to a certificate authority you trust. Signer: {subject}.',
      },
      'passed:untrusted': {
        title: 'PDF signature {file}',
        detail:
          "Intact, signer not vouched for: no certificate authority of Settings vouches for the signer's certificate ({subject}). Add that authority's certificate to trust it.",
      },
      failed: { title: 'PDF signature {file} does not verify', detail: '{problem}' },
      incomplete: { title: 'PDF signature {file} could not be read', detail: '{problem}' },
      notApplicable: {
        title: 'PDF signatures in the signed PDF',
        detail: 'The signed PDF carries no PDF signature (/ByteRange): there was none to verify.',
      },
      'incomplete:noFile': { title: 'PDF signatures could not be checked', detail: '{reason}' },
      'incomplete:notRun': { title: 'PDF signatures could not be checked', detail: '{reason}' },
    },
    es: {
      'passed:trusted': {
        title: 'Firma PDF {file}',
        detail: 'Íntegra, y su firmante enlaza con una autoridad de certificación de confianza. Firmante: {subject}.',
      },
      'passed:untrusted': {
        title: 'Firma PDF {file}',
        detail:
          'Íntegra, firmante sin respaldo: ninguna autoridad de certificación de Ajustes respalda el certificado del firmante ({subject}). Añada el certificado de esa autoridad para confiar en él.',
      },
      failed: { title: 'La firma PDF {file} no se verifica', detail: '{problem}' },
      incomplete: { title: 'No se pudo leer la firma PDF {file}', detail: '{problem}' },
      notApplicable: {
        title: 'Firmas PDF del PDF firmado',
        detail: 'El PDF firmado no lleva firma PDF (/ByteRange): no había ninguna que verificar.',
      },
      'incomplete:noFile': { title: 'No se pudieron comprobar las firmas PDF', detail: '{reason}' },
      'incomplete:notRun': { title: 'No se pudieron comprobar las firmas PDF', detail: '{reason}' },
    },
  },
  'signed.nothingAdded': {
    params: ['bytesAfter'],
    folded: false,
    en: {
      passed: {
        title: 'Nothing added after the last PDF signature',
        detail: 'The last signature covers the whole file: no bytes were added after it.',
      },
      failed: {
        title: '{bytesAfter} bytes were added after the last PDF signature',
        detail: 'Whatever they change is not covered by any signature.',
      },
    },
    es: {
      passed: {
        title: 'Nada añadido tras la última firma PDF',
        detail: 'La última firma cubre todo el archivo: no se añadió ningún byte después.',
      },
      failed: { title: 'Se añadieron {bytesAfter} bytes tras la última firma PDF', detail: 'Lo que cambien no lo cubre ninguna firma.' },
    },
  },
};

/** Why a check could not run: `params.reason` names one of these (with `file`). */
export const reasonWords: Record<string, Record<Lang, string>> = {
  missing: { en: '{file} is not in the bag.', es: '{file} no está en la bolsa.' },
  notRegular: {
    en: '{file} is not a regular file (a link, FIFO, socket or device): it was not followed or read.',
    es: '{file} no es un archivo normal (un enlace, FIFO, socket o dispositivo): no se siguió ni se leyó.',
  },
  unreadable: { en: '{file} could not be read.', es: 'No se pudo leer {file}.' },
  packageRefused: { en: 'Not checked: the package was refused.', es: 'No comprobado: el paquete fue rechazado.' },
  packageMissing: { en: 'Not checked: the package is not in the bag.', es: 'No comprobado: el paquete no está en la bolsa.' },
  signedMissing: {
    en: 'Not checked: the signed PDF is not in the bag as a regular file.',
    es: 'No comprobado: el PDF firmado no está en la bolsa como archivo normal.',
  },
  bagRefused: {
    en: "Not checked: the bag's data/ folder is not a real folder inside the bag.",
    es: 'No comprobado: la carpeta data/ de la bolsa no es una carpeta real dentro de ella.',
  },
  noManifest: {
    en: 'manifest-sha256.txt is missing: no payload file can be checked.',
    es: 'Falta manifest-sha256.txt: no se puede comprobar ningún archivo del contenido.',
  },
  noTagManifest: {
    en: 'tagmanifest-sha256.txt is missing: the bag was not finished, or it was removed.',
    es: 'Falta tagmanifest-sha256.txt: la bolsa no se terminó, o se eliminó.',
  },
  tagFileMissing: {
    en: 'A file the tag manifest lists is not in the bag.',
    es: 'Un archivo que lista el manifiesto de etiquetas no está en la bolsa.',
  },
};

/** `{name}` filled from `values` in one pass (linear in the template and the values). */
export function fill(template: string, values: Readonly<Record<string, string | number | boolean | null | undefined>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** The words of a check's result in a language, from the catalogue (a check the catalogue does not know keeps its own). */
export function checkWords(check: Pick<Check, 'id' | 'status' | 'file' | 'params' | 'title' | 'detail'>, lang: Lang): Words {
  const entry = (checkCatalogue as Record<string, CatalogueEntry | undefined>)[check.id];
  const caseName =
    typeof check.params.case === 'string'
      ? check.params.case
      : check.status === 'incomplete' && typeof check.params.reason === 'string'
        ? 'notRun'
        : null;
  const variant = caseName ? (`${check.status}:${caseName}` as ResultKey) : null;
  const words = entry ? ((variant ? entry[lang][variant] : undefined) ?? entry[lang][check.status]) : undefined;
  if (!words) return { title: check.title, detail: check.detail };
  const base = { ...check.params, file: check.file ?? '' };
  const reasonId = typeof check.params.reason === 'string' ? check.params.reason : null;
  const reason = reasonId && reasonWords[reasonId] ? fill(reasonWords[reasonId][lang], base) : (reasonId ?? '');
  const values = { ...base, reason };
  return { title: fill(words.title, values), detail: fill(words.detail, values) };
}
