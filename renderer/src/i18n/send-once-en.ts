/**
 * English strings of the Send page about sending once and confirming: a file already sent, a
 * duplicate in the batch, the summary before sending, opening the sent documents. `send-en.ts`
 * mounts them as `send.once`.
 */
export const sendOnceEn = {
  alreadySentTag: 'Already sent',
  duplicateTag: 'Duplicate',
  sendAgain: 'Send again',
  sendAgainLabel: 'Send “{{title}}” again',
  willSendAgain: 'Sent before on {{date}} as “{{title}}”: it will be sent again.',
  dontSendAgain: 'Don’t send again',
  dontSendAgainLabel: 'Leave “{{title}}” out again',
  notSynced: 'not synced yet',
  removeDuplicate: 'Remove',
  removeDuplicateLabel: 'Remove the duplicate “{{title}}”',
  alreadySent_one: '{{count}} already sent (left out)',
  alreadySent_other: '{{count}} already sent (left out)',
  duplicates_one: '{{count}} duplicate (remove it)',
  duplicates_other: '{{count}} duplicates (remove them)',
  toast: {
    sendAgainOne: '“{{title}}” will be sent again.',
    sendAgain_one: '{{count}} document will be sent again.',
    sendAgain_other: '{{count}} documents will be sent again.',
    leftOutOne: '“{{title}}” is left out again.',
    leftOut_one: '{{count}} document is left out again.',
    leftOut_other: '{{count}} documents are left out again.',
  },
  confirm: {
    title_one: 'Send {{count}} document?',
    title_other: 'Send {{count}} documents?',
    intro: 'The service invites the signers as soon as you send: this cannot be taken back, only cancelled afterwards.',
    documents: 'Documents',
    signers: 'Signers',
    emails: 'E-mail invitations',
    sms: 'SMS invitations',
    links: 'Links to hand over (no message)',
    notSent: 'Not sent (excluded, already sent, or with a problem)',
    send_one: 'Send {{count}} document',
    send_other: 'Send {{count}} documents',
    back: 'Back',
  },
  openInDocuments: 'Open in Documents',
};
