import { activityEn, webhookErrorsEn, webhookSettingsEn } from './activity-en';
import { tunnelEn } from './tunnel-en';
import { teamEn } from './team-en';
import { sendEn } from './send-en';
import { batchErrorsEn, fileCheckErrorsEn } from './batch-errors-en';
import { documentsEn } from './documents-en';
import { actionsEn } from './actions-en';
import { evidenceEn, evidenceErrorsEn } from './evidence-en';

/**
 * English catalog: the source of every string the user sees. `es.ts` is typed as this shape, so a
 * key missing (or extra) there fails the typecheck. Keys under `errors` are the host's error codes.
 */
export const en = {
  app: {
    name: 'SignDock',
    loading: 'Loading SignDock…',
    skipToContent: 'Skip to content',
    documentTitle: '{{view}} · SignDock',
  },
  session: {
    noTokenTitle: 'Open SignDock from its link',
    noTokenBody: 'This page needs the private link that SignDock prints when it starts, so that only you can use it.',
    noTokenStep: 'In the terminal, run the command below and open the link it prints (it starts with http://127.0.0.1).',
    command: 'npm run web',
    rejectedTitle: 'This link is no longer valid',
    rejectedBody: 'SignDock was restarted or the link is out of date. Open the newest link printed by “npm run web”.',
  },
  startup: {
    failedTitle: 'SignDock could not start',
    retry: 'Try again',
  },
  connection: {
    reconnecting: 'Connection to SignDock lost. Reconnecting…',
    stillDown:
      'Still trying. If SignDock was started again at another address, open the address it printed; otherwise check that it is still running.',
    unproven:
      'Another program is answering at this address, not the SignDock you opened: nothing was sent to it. If you restarted SignDock, open the new link it printed.',
  },
  nav: {
    label: 'Main',
    send: 'Send',
    documents: 'Documents',
    evidence: 'Evidence',
    activity: 'Activity',
    settings: 'Settings',
  },
  accountSwitcher: {
    sandbox: 'Local sandbox',
    thisComputer: 'This computer',
    button: 'Account: {{name}}. Switch account',
    menu: 'Accounts',
    manage: 'Manage accounts…',
    switching: 'Switching account…',
  },
  empty: {
    comingLater: 'This part of SignDock is still being built.',
  },
  send: sendEn,
  documents: documentsEn,
  actions: actionsEn,
  evidence: evidenceEn,
  activity: activityEn,
  tunnel: tunnelEn,
  team: teamEn,
  onboarding: {
    title: 'Welcome to SignDock',
    subtitle: 'Connect your e-signature account to start sending documents.',
    pointSend: 'Send dozens of PDFs for signature in one go.',
    pointTrack: 'See at a glance which documents are pending, signed or rejected.',
    pointEvidence: 'Download verified evidence of everything completed.',
    formTitle: 'Connect your account',
    formHelp: 'You find the API key in your account at the e-signature service. SignDock keeps it in this computer’s keychain.',
    or: 'or',
    sandboxTitle: 'No account yet?',
    sandboxBody: 'Try SignDock with a practice service on this computer, with demo documents. Nothing is sent to anyone.',
    sandboxButton: 'Try the sandbox',
    sandboxRunning: 'Starting the sandbox…',
    demo: {
      title: 'You are in the demo',
      holds:
        'A practice service runs on this computer with sample documents in every state: drafts, pending, completed, cancelled, and some a signer rejected. Nothing you do here reaches anyone.',
      signers: 'Demo signers sign by themselves about 20 seconds after they are invited, so you can watch documents move.',
      try: 'Try: open Documents and search or filter; send a PDF from Send to see it signed; cancel or remind from a selection; archive the evidence of a completed document.',
      openDocuments: 'Open the demo documents',
      close: 'Close this note',
    },
  },
  accountForm: {
    name: 'Account name',
    nameHint: 'A name you recognise, such as “Office” or “Legal team”.',
    baseUrl: 'Service address',
    baseUrlHint: 'Leave as it is unless your provider gave you another address.',
    apiKey: 'API key',
    apiKeyHint: 'Paste the key exactly as the service shows it.',
    showKey: 'Show',
    hideKey: 'Hide',
    test: 'Test connection',
    testing: 'Testing…',
    testingStatus: 'Checking the API key with the service…',
    save: 'Save account',
    saving: 'Saving…',
    savingStatus: 'Checking the API key and saving the account…',
    cancel: 'Cancel',
    errors: {
      nameRequired: 'Give the account a name.',
      nameTooLong: 'Keep the name under 80 characters.',
      baseUrlRequired: 'Give the service address.',
      baseUrlInvalid: 'The service address must be a web address such as https://connect.signatura.co.',
      apiKeyRequired: 'Paste the API key.',
      apiKeyTooLong: 'That API key is too long.',
      apiKeySpaces: 'An API key has no spaces or line breaks.',
    },
  },
  keyCheck: {
    ok: 'Connected. The service accepted this API key.',
    okNoKeychain: 'The service accepted this API key, but Save will refuse it: {{why}}',
    unauthorized: 'The service did not accept this API key ({{status}}).',
    network: 'Could not reach the service. Check the service address and the internet connection.',
    server: 'The service had a problem answering ({{status}}). Try again in a moment.',
    notFound: 'No e-signature service answered at this address ({{status}}). Check the service address.',
    unexpected: 'The service answered in an unexpected way ({{status}}).',
    busy: 'The service is busy and kept asking to slow down. Try again in a minute; the key may well be right.',
    retrying: 'The service is busy, trying again in {{seconds}} s…',
  },
  settings: {
    title: 'Settings',
    subtitle: 'Language and appearance, accounts, notifications.',
    accounts: {
      title: 'Accounts',
      description: 'The e-signature accounts SignDock works with. API keys stay in this computer’s keychain.',
      add: 'Add account',
      addTitle: 'Add an account',
      inUse: 'In use',
      demo: 'Demo',
      noKey: 'No API key in the keychain. Remove this account and add it again.',
      keychainUnreachable:
        'Needs the system keychain: its API key is kept there, and the keychain cannot be reached now. Start or unlock it (on Linux, a Secret Service such as GNOME Keyring) and restart SignDock; the other accounts, the demo and the Evidence review work meanwhile.',
      use: 'Use this account',
      test: 'Test',
      testing: 'Testing…',
      remove: 'Remove',
      listLabel: 'Accounts',
    },
    removeDialog: {
      title: 'Remove “{{name}}”?',
      body: 'SignDock will forget this account and delete its API key from this computer. Documents already at the service are not affected.',
      confirm: 'Remove account',
      removing: 'Removing…',
      cancel: 'Cancel',
    },
    webhooks: webhookSettingsEn,
    preferences: {
      title: 'Language and appearance',
    },
    notices: {
      title: 'Desktop notifications',
      hint: 'SignDock tells you, grouped when several happen at once (in the web UI, as browser notifications once you allow them):',
      batchDone: 'When a batch has been sent',
      completed: 'When documents are completed (everyone signed)',
      rejected: 'When a signer rejects a document',
    },
    language: {
      label: 'Language',
      hint: 'The language of SignDock’s windows and messages.',
      system: 'Same as the system',
      en: 'English',
      es: 'Español',
    },
    appearance: {
      label: 'Appearance',
      system: 'System',
      light: 'Light',
      dark: 'Dark',
    },
    about: {
      title: 'About',
      version: 'Version',
      host: 'Running as',
      dataFolder: 'Data folder',
      platform: 'Platform',
      hostKinds: {
        electron: 'Desktop app',
        web: 'Web browser (local)',
        cli: 'Command line',
      },
    },
  },
  dialog: {
    close: 'Close',
  },
  errorUi: {
    retry: 'Try again',
    details: 'Technical details',
    unknown: 'Something went wrong. Try again, and if it keeps happening, contact support.',
  },
  errorKinds: {
    InvalidInput: 'Some of the information is not valid. Check it and try again.',
    Unauthorized: 'The service did not accept the API key.',
    NotFound: 'That item could not be found. It may have been removed.',
    Conflict: 'That change conflicts with the current state. Refresh and try again.',
    RateLimited: 'The service is busy. SignDock will try again in a moment.',
    ServerError: 'The service had a problem. Try again in a moment.',
    Network: 'Could not reach the service. Check the service address and the internet connection.',
    Ambiguous: 'It is not clear whether the service received the request. SignDock will check before trying again.',
    Unavailable: 'Something SignDock needs is not available right now.',
    UnknownOperation: 'This version of SignDock cannot do that. Update SignDock and try again.',
    Internal: 'Something went wrong inside SignDock.',
  },
  errors: {
    timestamps: {
      notCertificate:
        'TSA certificate authority {{n}} is not a certificate in PEM text. Pick the authority’s CA certificate (a .pem or .crt file).',
    },
    invalidInput: 'Some details are not right. Check the highlighted fields.',
    unknownOperation: 'This version of SignDock cannot do that. Update SignDock and try again.',
    internal: 'Something went wrong inside SignDock. The details are in its log: {{log}}',
    sandboxUnavailable: 'The practice sandbox is not part of this installation.',
    accountNameTaken: 'An account named “{{name}}” already exists. Choose another name.',
    accountNotFound: 'There is no account named “{{name}}”.',
    noAccount: 'No account is set up yet. Add one first.',
    keyMissing: 'The keychain holds no API key for the account “{{name}}”. Remove the account and add it again.',
    accountGone: 'That account no longer exists.',
    keyRejected: 'The service did not accept this API key ({{status}}).',
    keychainUnavailable:
      'The system keychain could not be used. SignDock keeps API keys only there: unlock or install a keychain and try again.',
    ngrokKeychainUnavailable:
      'The system keychain could not keep the ngrok authtoken. Unlock or install a keychain, or give the authtoken for each run in {{variable}}.',
    databaseTooNew: 'This data was written by a newer version of SignDock. Update SignDock to open it.',
    sessionRejected: 'This link is no longer valid. Open the newest link printed by “npm run web”.',
    sshKeyTooLarge: '“{{file}}” is larger than {{kb}} KB, so it is not a private key file. Choose the key itself, such as id_ed25519.',
    hostNotProven:
      'What answers at this address could not prove it is the SignDock you opened, so nothing was sent to it. Open the newest link printed by “npm run web”.',
    hostUnreachable: 'SignDock’s local service is not answering. Check that it is still running.',
    badResponse: 'SignDock’s local service answered in an unexpected way.',
    documentNotInMirror: 'SignDock does not know the document {{id}} yet. Run a sync if it was created elsewhere.',
    service: {
      documentNotFound: 'The service has no document with id {{id}}. It may belong to another account.',
      signatureNotFound: 'The service has no signature with id {{id}}. It may belong to another account.',
      fileNotAvailable: 'This file is not available yet: evidence can be downloaded once everyone has signed.',
      wrongAddress: 'No e-signature service answered at {{host}} (404). Check the service address.',
      invalidInput: 'The service did not accept some details. Check the highlighted fields.',
      cannotCancel: 'This document can no longer be cancelled: it is already completed or cancelled.',
      cannotRemind:
        'No reminder can be sent for this signature: it is a draft, already signed or cancelled, or it has no invitation channel.',
      downloadRefused: 'The service refused to give this file.',
      conflict: 'The service refused: the document is not in a state that allows this.',
      rateLimited: 'The service asked SignDock to slow down. It will try again in {{retryAfterSeconds}} s.',
      reminderLimited: 'A reminder already went out less than two hours ago. Try again later.',
      serverError: 'The service had a problem ({{status}}). Try again in a moment.',
      unexpectedStatus: 'The service answered in an unexpected way ({{status}}).',
      unreadableResponse: 'The service answered with something SignDock could not read. Try again in a moment.',
      ambiguous:
        'The connection to {{host}} broke after the request went out, so it is not known whether it was done. Check the document before trying again.',
    },
    webhooks: webhookErrorsEn,
    evidence: evidenceErrorsEn,
    file: {
      unreadable: 'The file “{{file}}” could not be read.',
      empty: 'The file “{{file}}” is empty.',
      tooLarge: 'The file “{{file}}” is larger than {{maxMb}} MB, the most the service accepts.',
      changed: 'The file “{{file}}” changed since it was checked. Check it again before sending.',
      writeFailed: 'SignDock could not save the file in {{folder}}.',
      ...fileCheckErrorsEn,
    },
    ...batchErrorsEn,
    network: {
      refused: 'Could not reach the service at {{host}}: nothing answered there. Check the service address.',
      notFound: 'The service address {{host}} could not be found. Check the address and the internet connection.',
      timeout: 'The service at {{host}} did not answer in time. Try again in a moment.',
      certificate: 'The security certificate of {{host}} could not be verified, so SignDock did not connect.',
      reset: 'The connection to {{host}} was cut off. Try again in a moment.',
      other: 'Could not talk to the service at {{host}}. Check the address and the internet connection.',
    },
  },
};

/** The shape every catalog must have. */
export type Catalog = typeof en;
