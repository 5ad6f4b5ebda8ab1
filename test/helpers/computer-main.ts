// One "computer" of a team in a process of its own: the real core (createCore, as the web host and the
// app build it) on its own data folder, with the team store of SIGNDOCK_TEAM_URL, one account (the
// service at --url with --key), its background work started (sync, webhooks on a free port, automatic
// reminders looking every 250 ms), every log line printed to stdout. Driven by computer-process.ts:
//   node --import tsx test/helpers/computer-main.ts --home DIR --url URL --key KEY
// Prints {"ready":true,"accountId":…} once synced; then one JSON line per log line ({"log":…,"detail":…})
// and per command answered on stdin:
//   {"settings":PATCH}  → {"settings":true} once the settings changed (as Settings would change them)
//   {"advance":MS}      → {"advanced":MS} this computer's clock moved on (the automatic reminders' periods)
//   {"hook":true}       → {"hook":URL|null} where this computer's listener takes the account's notifications
//   {"inbox":true}      → {"inbox":{"received":n,"done":n,…}} this computer's webhook inbox of the account
//   {"document":ID}     → {"document":{"status":…,"signatures":[status…]}|null} the document as its mirror has it
// and {"documentsChanged":[ids]} each time its mirror changed.
// SIGTERM closes the core; the tests also SIGKILL it.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createCore } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';

const { values } = parseArgs({ options: { home: { type: 'string' }, url: { type: 'string' }, key: { type: 'string' } } });
if (!values.home || !values.url || !values.key) throw new Error('Give --home DIR --url URL --key KEY');

const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
let offset = 0;
const core = createCore({
  dataFolder: values.home,
  hostKind: 'web',
  version: '0.1.0',
  secrets: new MemorySecretStore(),
  webhookPort: 0,
  logger: { log: (level, message, detail) => say({ log: message, level, detail: detail ?? {} }) },
  autoRemind: { now: () => Date.now() + offset, firstAfterMs: 50, everyMs: 250 },
});
const call = async (name: string, input: unknown) => {
  const result = await core.dispatch(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value;
};
await call('accounts.add', { name: 'Office', baseUrl: values.url, apiKey: values.key });
await core.startBackground();
await core.spine.whenSynced();
const accountId = core.accounts.selectedId() ?? '';
core.events.subscribe((message) => {
  if (message.event === 'documents.changed') say({ documentsChanged: (message.payload as { documentIds: string[] }).documentIds });
});
say({ ready: true, accountId });

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as { settings?: unknown; advance?: number; hook?: true; inbox?: true; document?: string };
  if (command.hook) say({ hook: core.spine.localHookUrl(accountId) });
  else if (command.inbox) say({ inbox: core.spine.webhooks.stats(accountId) });
  else if (command.document) {
    const document = core.spine.document(accountId, command.document);
    say({ document: document ? { status: document.status, signatures: document.signatures.map((s) => s.status) } : null });
  } else if (command.advance !== undefined) {
    offset += command.advance;
    say({ advanced: command.advance });
  } else if (command.settings) {
    void call('settings.update', command.settings).then(
      () => say({ settings: true }),
      (error: unknown) => say({ settings: false, error: String(error) }),
    );
  }
});

process.on('SIGTERM', () => {
  void core.close().then(() => process.exit(0));
});
