/**
 * English messages of the batch-sending error codes (file checks, dropped inputs, signers, CSV
 * manifests, batches, presets), kept apart from `en.ts` so that it stays short. `en.ts` spreads
 * `fileCheckErrorsEn` into `errors.file` and `batchErrorsEn` into `errors`. Params are the ones the
 * host raises each code with (electron/core/batches, shared/domain/signers.ts and manifest.ts).
 */
export const fileCheckErrorsEn = {
  notPdf: '“{{file}}” is not a PDF. Only PDF documents can be sent for signature.',
  renamed: '“{{file}}” is not a PDF: it is a {{type}} file that was renamed. Open it in its own program and save it as PDF.',
  encrypted:
    '“{{file}}” is protected with a password. Save an unprotected copy (for example with “Print → Save as PDF”) and add that instead.',
  truncated: '“{{file}}” is incomplete: its end is missing. It may have been cut off while downloading or copying; get the file again.',
  damaged: '“{{file}}” could not be read as a PDF. It may be damaged: open it and save it again, or get a new copy.',
  noPages: '“{{file}}” has no pages, so there is nothing to sign.',
  tooSlow: '“{{file}}” took too long to read (more than {{seconds}} s). It may be damaged.',
  expands:
    '“{{file}}” unpacks to more than {{maxMb}} MB when opened, far more than a document to sign needs. It may be damaged or made to overload the computer: save a new copy (for example with “Print → Save as PDF”) and add that instead.',
  duplicate: '“{{file}}” is the same file as “{{other}}” (identical content). Each file is sent only once.',
};

export const batchErrorsEn = {
  input: {
    notPdf: '“{{file}}” was left out: only PDF files can be sent.',
    hidden: '“{{file}}” was left out because it is a hidden file.',
    notFound: '“{{file}}” was not found. It may have been moved or deleted.',
    unreadable: '“{{file}}” could not be opened. Check that it still exists and that you are allowed to open it.',
    notAFile: '“{{file}}” was left out: it is neither a file nor a folder.',
    tooMany: '“{{file}}” and what follows were left out: a batch takes {{limit}} PDFs at a time. Add them to another batch.',
  },
  signer: {
    emailInvalid: '“{{value}}” is not a valid e-mail address.',
    phoneInvalid:
      '“{{value}}” is not a phone number in international form: write + and the country code, 8 to 15 digits in all (for example +5491123456789).',
    idDocumentInvalid:
      '“{{value}}” is not an identity document: write the two-letter country, a colon and the number (for example AR:12345678).',
    taxIdInvalid: '“{{value}}” is not a tax ID: use digits only (for example 20123456789).',
    emailInviteNeedsEmail: 'An e-mail invitation needs the signer’s e-mail address.',
    smsInviteNeedsPhone: 'An SMS invitation needs the signer’s phone number; “any phone” is not enough to send a message.',
    inviteRepeated: 'The invitation names the same channel twice.',
    noValidation: 'Say how the signer is identified: at least one of e-mail, phone, identity document or tax ID.',
    spec: {
      empty: 'The signer is empty: give at least one way to identify them, for example EM=ana@example.com or PH=+5491123456789.',
      emptyPart: 'There is an empty part between two commas.',
      unknownCode: '“{{part}}”: “{{code}}” is not a validation code. Use EM (e-mail), PH (phone), BI (identity document) or AF (tax ID).',
      repeatedCode: '“{{part}}”: {{code}} is given twice.',
      valueNeeded: '“{{part}}”: {{code}} needs a value after the “=” sign.',
      unknownOption: '“{{part}}” is not understood after “;”. Only invite=EM, invite=PH or invite=EM+PH may follow.',
      badInvite: '“{{part}}”: the invitation must be EM (e-mail), PH (SMS) or EM+PH (both). Leave it out to get a signing link instead.',
      repeatedInvite: '“{{part}}”: the invitation is given twice.',
    },
  },
  manifest: {
    badInvite: '“{{value}}” is not an invitation: write email, sms, email+sms, or link (no message, just a signing link to hand over).',
    empty: 'The manifest is empty: it needs a header row and one row per file.',
    extraCell: '“{{value}}” is beyond the last column of the header row.',
    fileAmbiguous: '{{count}} of the files added are named “{{file}}” (in different folders). Keep only the one to send.',
    fileNotAdded: '“{{file}}” is not among the files added. Add it, or correct the name.',
    fileNotListed: '“{{file}}” has no row in the manifest, so nobody would sign it.',
    fileRequired: 'The file name is missing.',
    noFileColumn: 'There is no “file” column: the first row must name the columns, with “file” for the PDF’s name.',
    noRows: 'The manifest names no files: add one row per file under the header.',
    noSigner: 'Nobody signs this file: fill in signer1_email (or another signer column).',
    notCsv: '“{{file}}” is not a CSV file. In the spreadsheet, use “Save as” and choose CSV.',
    repeatedColumn: 'The column “{{column}}” appears twice.',
    repeatedFile: '“{{file}}” is already on row {{firstRow}}. Each file is sent once, so give it one row with all its signers.',
    tooLarge: '“{{file}}” is too large for a manifest (more than 5 MB).',
    unclosedQuote: 'A quotation mark opened here is never closed, so the rest of the file cannot be read.',
    unknownSignerColumn:
      'The column “{{column}}” is not understood: signer columns are signer1_email, signer1_phone, signer1_id_document, signer1_tax_id and signer1_invite (then signer2_…), or a single “signer” column.',
  },
  batch: {
    notFound: 'That batch no longer exists.',
    itemNotFound: 'That row is no longer in the batch.',
    notDraft: 'This batch has already been sent; start a new batch to change it.',
    notRunning: 'This batch is not being sent.',
    nothingToSend: 'There is nothing to send: add PDFs and say who signs each, or fix the rows marked with a problem.',
    noSigners: 'Say who signs this document.',
    alreadySent: 'Already sent on {{date}} as “{{title}}” ({{status}}). It is left out unless you choose Send again.',
    alreadySentBy:
      'Already sent on {{date}} by {{member}} from {{computer}} as “{{title}}” ({{status}}). It is left out unless you choose Send again.',
    beingSentElsewhere:
      '“{{file}}” is being sent by {{member}} from {{computer}} and the service has not answered yet; it is tried again later.',
    fileNotShared:
      '“{{file}}” stayed on the computer that started this batch: it stopped before the file reached the team store. Add the file again here to send it.',
    duplicateOf: 'Duplicate of “{{title}}” (“{{file}}”, the same file). Remove this row.',
    cancelled: 'Not sent: the batch was cancelled.',
    stoppedKeyRefused: 'Sending stopped: the service no longer accepts this account’s API key. Check the key in Settings, then resume.',
    gaveUp:
      '“{{file}}” was not sent after {{attempts}} tries: the service did not answer clearly, and the document is not on the service. Use “Retry failed” to try again later.',
  },
  team: {
    unreachable: 'Team store unreachable — sending and bulk actions wait: {{reason}}',
  },
  preset: {
    notFound: 'That preset no longer exists.',
  },
};
