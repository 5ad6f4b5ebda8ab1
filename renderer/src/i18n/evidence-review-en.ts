/**
 * English words of the reviewer's path on the Evidence page (which archive is reviewed and how to
 * choose another), of where reports and exports go, and of adding a certificate authority with care.
 * Mounted by `evidence-en.ts` under `evidence.review`.
 */
export const evidenceReviewEn = {
  label: 'The archive reviewed',
  reviewing: 'Reviewing the archive in',
  choose: 'Choose an archive folder…',
  chooseTitle: 'Choose the evidence archive to review',
  browserHint: 'In a browser the archive is chosen when SignDock’s web host starts. To review another folder, start it with',
  emptyTitle: 'No archived documents in this folder',
  emptyBody:
    'SignDock looks for evidence bags (folders holding bagit.txt) in the archive folder above and its subfolders. Choose the folder that holds the archive you were given.',
  notAllThere: 'Missing or unreadable on disk',
  look: {
    verified: { label: 'Verified', text: 'Every check ran and passed, and a certificate authority you trust vouches for each signer.' },
    untrusted: {
      label: 'Intact, signer not vouched for',
      text: 'Every file and signature is intact, but no certificate authority you trust vouches for the signer: this does not yet show who signed.',
      todo: 'To check who signed, add the certificate authority that issued the signer’s certificate under “Archive settings” below, then check again.',
    },
    failed: { label: 'Failed', text: 'A check failed: this evidence is not what was archived or signed. What failed is listed below.' },
    incomplete: {
      label: 'Incomplete',
      text: 'Not everything could be checked (a file is missing or could not be read), so this evidence is not verified. What could not run is listed below.',
    },
  },
  timestamp: {
    none: 'Not timestamped: nothing but SignDock vouches for when this evidence existed.',
    notYet: 'Not timestamped yet: the time-stamping authority could not be reached; the next check adds the timestamp.',
    passed: 'Timestamped {{time}} by {{tsa}}.',
    trusted: 'A time-stamping authority you trust vouches for it.',
    untrusted:
      'No authority you trust vouches for this time-stamping authority. To trust it, add the CA certificate the authority publishes (“Add time-stamping authority…”), after comparing its fingerprint with the one the authority gives.',
    failed: 'The timestamp does not match this evidence: {{detail}}',
  },
  tsa: {
    title: 'Time-stamping authorities you trust',
    description:
      'A timestamp is vouched for when a certificate authority listed here issued the time-stamping authority’s certificate. Kept in this computer’s settings, not in the archive.',
    none: 'None yet: timestamps are shown as not vouched for.',
    add: 'Add time-stamping authority…',
    remove: 'Stop trusting {{subject}} for timestamps',
    confirmTitle: 'Trust this authority for timestamps?',
    intro:
      'Timestamps whose time-stamping authority chains to {{subject}} will be shown as vouched for. Compare the fingerprint below with the one the authority publishes (its web site or a letter), and add it only if they are the same.',
    added: 'Added {{subject}} for timestamps. The archive was checked again: timestamps are shown as they are now.',
    removed: 'Removed {{subject}}. The archive was checked again: timestamps are shown as they are now.',
  },
  items: 'Each file ({{count}})',
  items_one: 'The file (1)',
  counts: { passed: 'Passed', failed: 'Failed', incomplete: 'Could not be checked', notApplicable: 'Not applicable' },
  report: {
    savedTo: 'Report saved: {{pdf}} (and {{csv}}).',
    downloaded: 'Report downloaded: {{pdf}} and {{csv}}.',
    clean: 'It covers {{count}} documents; no problems.',
    clean_one: 'It covers 1 document; no problems.',
    problems: '{{count}} problems are listed in it, as on this page.',
    problems_one: '1 problem is listed in it, as on this page.',
  },
  export: {
    downloaded: 'Downloaded {{name}} ({{files}} files).',
  },
  anchor: {
    fingerprint: 'SHA-256 fingerprint',
    title: 'Trust this certificate authority?',
    intro:
      'Signatures whose issuer chains to {{subject}} will be shown as trusted. Add only an authority you have a reason to trust, such as one your organisation or the signing service vouches for.',
    warningsTitle: 'Be careful: this certificate',
    warnings: {
      testName:
        'says it is for tests or not a trusted authority (“{{subject}}”). Trust it only to try SignDock with sandbox evidence, never for evidence you rely on.',
      notCa: 'is not a certificate authority: it cannot vouch for other certificates.',
      selfSignedNotCa: 'is self-signed and not a certificate authority: it vouches only for itself.',
      expired: 'has expired.',
      notYetValid: 'is not valid yet.',
    },
    confirm: 'Trust it',
    confirmAnyway: 'Trust it anyway',
    cancel: 'Cancel',
    rechecking: 'Checking the archive again with the authorities you trust…',
    added: 'Added {{subject}}. The archive was checked again: trust is shown as it is now.',
    removed: 'Removed {{subject}}. The archive was checked again: trust is shown as it is now.',
  },
};
