import { jobFilesStep, jobsGrants, jobsStep } from './team-schema-jobs';
import { rateStep } from './team-schema-rate';

/**
 * The team store's schema in PostgreSQL (schema `signdock`), versioned: `schema_version` holds the
 * version the store is at; `steps[n - 1]` takes it from n - 1 to n. `team init` (team-init.ts) applies
 * the missing steps and then the roles and grants, every time (both are idempotent). An app whose
 * `teamSchemaVersion` is lower than the store's refuses to use it (it never writes to a store newer
 * than itself).
 *
 * Roles (group roles, NOLOGIN; the administrator grants them to logins):
 * - `signdock_member`: read everything; take and settle sent-file claims; say which computer it is;
 *   take and renew a duty (its lease); record a reminder it sent, a notification it received; set an
 *   account's webhook credentials; claim a document's bag in the shared archive and settle it (its
 *   state, path, hash and time); take the team's next slot against the service's rate limit (insert and
 *   update its row); start, command and carry on jobs (the job queue: team-schema-jobs.ts).
 * - `signdock_reviewer`: read everything but the webhook's credentials and the files of batches being sent; change nothing.
 * The member of a row is always `current_user`, set by a trigger: a client cannot write in another's name.
 */

export const teamSchemaVersion = 11;

/** Step 1: the schema's version, the computers seen, and the sent-file claims. */
const step1 = `
  CREATE SCHEMA IF NOT EXISTS signdock;
  CREATE TABLE signdock.schema_version (
    only_row    boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    version     integer NOT NULL,
    upgraded_at timestamptz NOT NULL DEFAULT now(),
    upgraded_by text NOT NULL DEFAULT current_user
  );
  CREATE TABLE signdock.computers (
    computer    text NOT NULL CHECK (length(computer) BETWEEN 1 AND 200),
    member      text NOT NULL DEFAULT current_user,
    app_version text,
    first_seen  timestamptz NOT NULL DEFAULT now(),
    last_seen   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (computer, member)
  );
  -- A claim on (account, SHA-256 of the file), taken before the create goes out: one open claim per
  -- file and account (sent_claims_once), except the clerk's "Send again" (again = true); one per row.
  CREATE TABLE signdock.sent_claims (
    claim_id    bigserial PRIMARY KEY,
    account     text NOT NULL,
    sha256      text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    item_id     text NOT NULL,
    again       boolean NOT NULL DEFAULT false,
    state       text NOT NULL DEFAULT 'sending' CHECK (state IN ('sending', 'sent', 'released')),
    title       text NOT NULL,
    signers     jsonb NOT NULL DEFAULT '[]',
    member      text NOT NULL DEFAULT current_user,
    computer    text NOT NULL,
    claimed_at  timestamptz NOT NULL DEFAULT now(),
    document_id text,
    status      text,
    sent_at     timestamptz
  );
  CREATE UNIQUE INDEX sent_claims_once ON signdock.sent_claims (account, sha256) WHERE NOT again AND state <> 'released';
  CREATE UNIQUE INDEX sent_claims_item ON signdock.sent_claims (item_id) WHERE state <> 'released';
  CREATE INDEX sent_claims_by_hash ON signdock.sent_claims (account, sha256, claimed_at DESC);
  -- The member is the database's word, never the client's.
  CREATE FUNCTION signdock.member_is_current_user() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN NEW.member := current_user; ELSE NEW.member := OLD.member; END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER sent_claims_member BEFORE INSERT OR UPDATE ON signdock.sent_claims
    FOR EACH ROW EXECUTE FUNCTION signdock.member_is_current_user();
  CREATE TRIGGER computers_member BEFORE INSERT OR UPDATE ON signdock.computers
    FOR EACH ROW EXECUTE FUNCTION signdock.member_is_current_user();
`;

/**
 * Step 2: the team journal, append-only. Members INSERT (grants); no one updates, deletes or truncates,
 * not even the table's owner, except inside `team init` (which sets `signdock.maintenance` for its own
 * transaction). The store sets the member (`current_user`), the time, and the hash chain: each entry's
 * `hash` is SHA-256 over the previous entry's hash and this entry's fields, and `seq` the next number,
 * both under a lock, so entries from several computers form one gapless chain in `seq` order.
 */
const step2 = `
  CREATE TABLE signdock.journal (
    seq       bigint PRIMARY KEY,
    at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    member    text NOT NULL DEFAULT current_user,
    computer  text NOT NULL,
    account   text NOT NULL,
    action    text NOT NULL,
    subject   text NOT NULL,
    inputs    jsonb NOT NULL DEFAULT '{}',
    outcome   jsonb NOT NULL DEFAULT '{}',
    prev_hash text NOT NULL DEFAULT '',
    hash      text NOT NULL DEFAULT ''
  );
  CREATE FUNCTION signdock.journal_chain() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(1365180418);
    NEW.seq := COALESCE((SELECT max(seq) FROM signdock.journal), 0) + 1;
    NEW.member := current_user;
    NEW.at := date_trunc('milliseconds', clock_timestamp());
    NEW.prev_hash := COALESCE((SELECT hash FROM signdock.journal ORDER BY seq DESC LIMIT 1), '');
    NEW.hash := encode(sha256(convert_to(concat_ws(E'\\n', NEW.prev_hash, NEW.seq::text, to_char(NEW.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      NEW.member, NEW.computer, NEW.account, NEW.action, NEW.subject, NEW.inputs::text, NEW.outcome::text), 'UTF8')), 'hex');
    RETURN NEW;
  END $$;
  CREATE TRIGGER journal_chain BEFORE INSERT ON signdock.journal FOR EACH ROW EXECUTE FUNCTION signdock.journal_chain();
  CREATE FUNCTION signdock.journal_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('signdock.maintenance', true) = 'on' THEN RETURN COALESCE(NEW, OLD); END IF;
    RAISE EXCEPTION 'the team journal is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END $$;
  CREATE TRIGGER journal_no_change BEFORE UPDATE OR DELETE ON signdock.journal FOR EACH ROW EXECUTE FUNCTION signdock.journal_append_only();
  CREATE TRIGGER journal_no_truncate BEFORE TRUNCATE ON signdock.journal FOR EACH STATEMENT EXECUTE FUNCTION signdock.journal_append_only();
`;

/**
 * Step 3: the app writes its journal there. `origin` names the computer's own entry it carries (its
 * local hash: sending it twice adds nothing), `mac`/`key_id` its seal under that computer's journal key
 * (over the entry's fields and its member, see team-journal.ts), null where that computer has no key.
 */
const step3 = `
  ALTER TABLE signdock.journal ADD COLUMN origin text, ADD COLUMN mac text, ADD COLUMN key_id text;
  CREATE UNIQUE INDEX journal_origin ON signdock.journal (origin);
`;

/**
 * Step 4: duties one computer of the team does for an account at a time (`auto-remind`, `listener`), as
 * row leases timed by the store's clock: the holder renews its row before `expires_at`; a row past it is
 * taken by the next computer that asks. `holder` names the process (a random id per run), so two
 * processes of one computer never both hold it. The member is whoever last took or renewed it
 * (`current_user`, set by the trigger). And every computer's reminders, which the automatic reminders
 * read to find who is due: `at` is the reminding computer's time (the one its periods are counted in),
 * `recorded_at` the store's.
 */
const step4 = `
  CREATE TABLE signdock.duties (
    name       text NOT NULL CHECK (name IN ('auto-remind', 'listener')),
    account    text NOT NULL,
    holder     text NOT NULL,
    computer   text NOT NULL,
    member     text NOT NULL DEFAULT current_user,
    taken_at   timestamptz NOT NULL DEFAULT now(),
    renewed_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (name, account)
  );
  CREATE FUNCTION signdock.member_is_taker() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.member := current_user;
    RETURN NEW;
  END $$;
  CREATE TRIGGER duties_member BEFORE INSERT OR UPDATE ON signdock.duties
    FOR EACH ROW EXECUTE FUNCTION signdock.member_is_taker();
  CREATE TABLE signdock.reminders (
    reminder_id  bigserial PRIMARY KEY,
    account      text NOT NULL,
    signature_id text NOT NULL,
    document_id  text NOT NULL,
    at           timestamptz NOT NULL,
    auto         boolean NOT NULL DEFAULT false,
    member       text NOT NULL DEFAULT current_user,
    computer     text NOT NULL,
    recorded_at  timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX reminders_by_signature ON signdock.reminders (account, signature_id, at DESC);
  CREATE TRIGGER reminders_member BEFORE INSERT OR UPDATE ON signdock.reminders
    FOR EACH ROW EXECUTE FUNCTION signdock.member_is_current_user();
`;

/**
 * Step 5: the notifications the listener's computer received, for the others: each insert is announced
 * on the channel `signdock_notifications` (payload: the account), and every other computer, LISTENing,
 * reads the rows it has not seen into its own inbox and re-reads those documents.
 */
const step5 = `
  CREATE TABLE signdock.notifications (
    notification_id bigserial PRIMARY KEY,
    account     text NOT NULL,
    holder      text NOT NULL,
    computer    text NOT NULL,
    member      text NOT NULL DEFAULT current_user,
    received_at timestamptz NOT NULL DEFAULT now(),
    entry       jsonb NOT NULL
  );
  CREATE INDEX notifications_by_account ON signdock.notifications (account, notification_id);
  CREATE TRIGGER notifications_member BEFORE INSERT OR UPDATE ON signdock.notifications
    FOR EACH ROW EXECUTE FUNCTION signdock.member_is_current_user();
  CREATE FUNCTION signdock.notifications_announce() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('signdock_notifications', NEW.account);
    RETURN NULL;
  END $$;
  CREATE TRIGGER notifications_announce AFTER INSERT ON signdock.notifications
    FOR EACH ROW EXECUTE FUNCTION signdock.notifications_announce();
`;

/**
 * Step 6: one webhook address for the team — each account's path token and HMAC secret, the team's
 * (team-webhook-credentials.ts): whichever computer listens checks the same ones. Members only read it.
 */
const step6 = `
  CREATE TABLE signdock.webhook_credentials (
    account     text PRIMARY KEY,
    token       text NOT NULL,
    hmac_secret text,
    computer    text NOT NULL,
    member      text NOT NULL DEFAULT current_user,
    updated_at  timestamptz NOT NULL DEFAULT now()
  );
  CREATE TRIGGER webhook_credentials_member BEFORE INSERT OR UPDATE ON signdock.webhook_credentials
    FOR EACH ROW EXECUTE FUNCTION signdock.member_is_current_user();
`;

/**
 * Step 7: the shared evidence archive's index and its claims. A claim on (account, document) is taken
 * before a bag is written: one open or archived claim per document (`archive_bags_once`), so two
 * computers archiving one document make one bag. `bag_path` is relative to the archive folder (each
 * computer mounts the shared folder where it likes); `covers` the SHA-256 the bag's verification covered
 * (its tag and payload manifests) — a key, never a verdict: every computer verifies the bytes itself.
 * `holder` names the job item (a restarted item finds its own claim). The member is `current_user`.
 */
const step7 = `
  CREATE TABLE signdock.archive_bags (
    claim_id    bigserial PRIMARY KEY,
    account     text NOT NULL,
    document_id text NOT NULL,
    holder      text NOT NULL,
    state       text NOT NULL DEFAULT 'archiving' CHECK (state IN ('archiving', 'archived', 'released')),
    title       text NOT NULL DEFAULT '',
    bag_path    text NOT NULL CHECK (length(bag_path) BETWEEN 1 AND 1000),
    covers      text CHECK (covers ~ '^[0-9a-f]{64}$'),
    member      text NOT NULL DEFAULT current_user,
    computer    text NOT NULL,
    claimed_at  timestamptz NOT NULL DEFAULT now(),
    archived_at timestamptz
  );
  CREATE UNIQUE INDEX archive_bags_once ON signdock.archive_bags (account, document_id) WHERE state <> 'released';
  CREATE UNIQUE INDEX archive_bags_holder ON signdock.archive_bags (holder) WHERE state <> 'released';
  CREATE INDEX archive_bags_by_account ON signdock.archive_bags (account, state);
  CREATE TRIGGER archive_bags_member BEFORE INSERT OR UPDATE ON signdock.archive_bags
    FOR EACH ROW EXECUTE FUNCTION signdock.member_is_current_user();
`;

/**
 * Step 8: the team's pace against the service's rate limit, one row per account (team-rate.ts). The
 * computers of a team share one budget: each request of any computer first takes the next slot of the
 * row (one UPDATE … RETURNING, timed by the store's clock): `tat` is the next free slot, `rate` the
 * team's pace (null until the service first refused: no pacing). A 429 seen by any computer closes
 * the gate for all (`paused_until`) and is read into the pace (`estimate`, `burst`: the service's rate
 * and bucket as learnt, fitted over the last rounds: `fit_*`); `granted` numbers the slots, a round
 * (`round_from`, `round_at`) starts after each pause or idle second. Members insert the row and
 * update it; no one deletes it.
 */
const step8 = `
  CREATE TABLE signdock.rate_limits (
    account        text PRIMARY KEY,
    rate           double precision CHECK (rate > 0),
    estimate       double precision,
    burst          double precision,
    phase          text NOT NULL DEFAULT 'slow' CHECK (phase IN ('slow', 'refine', 'cruise')),
    base           double precision,
    bound_ms       double precision NOT NULL DEFAULT 0,
    tat            timestamptz NOT NULL DEFAULT clock_timestamp(),
    taken_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    paused_until   timestamptz NOT NULL DEFAULT '-infinity',
    granted        bigint NOT NULL DEFAULT 0,
    round_from     bigint NOT NULL DEFAULT 1,
    read_upto      bigint NOT NULL DEFAULT 0,
    round_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    fit_n          double precision NOT NULL DEFAULT 0,
    fit_w          double precision NOT NULL DEFAULT 0,
    fit_a          double precision NOT NULL DEFAULT 0,
    fit_ww         double precision NOT NULL DEFAULT 0,
    fit_wa         double precision NOT NULL DEFAULT 0,
    peak           double precision NOT NULL DEFAULT 0,
    peak_at        timestamptz NOT NULL DEFAULT '-infinity',
    member         text NOT NULL DEFAULT current_user,
    updated_at     timestamptz NOT NULL DEFAULT clock_timestamp()
  );
  CREATE TRIGGER rate_limits_member BEFORE INSERT OR UPDATE ON signdock.rate_limits
    FOR EACH ROW EXECUTE FUNCTION signdock.member_is_taker();
`;

export const steps: readonly string[] = [step1, step2, step3, step4, step5, step6, step7, step8, jobsStep, jobFilesStep, rateStep];

/** The group roles and what each may do; run after every init (idempotent). */
export const rolesAndGrants = `
  DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'signdock_member') THEN CREATE ROLE signdock_member NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'signdock_reviewer') THEN CREATE ROLE signdock_reviewer NOLOGIN; END IF;
  END $$;
  REVOKE ALL ON SCHEMA signdock FROM PUBLIC;
  GRANT USAGE ON SCHEMA signdock TO signdock_member, signdock_reviewer;
  REVOKE ALL ON ALL TABLES IN SCHEMA signdock FROM signdock_member, signdock_reviewer;
  GRANT SELECT ON ALL TABLES IN SCHEMA signdock TO signdock_member, signdock_reviewer;
  GRANT INSERT ON signdock.computers, signdock.sent_claims TO signdock_member;
  GRANT UPDATE (last_seen, app_version) ON signdock.computers TO signdock_member;
  GRANT UPDATE (state, document_id, status, sent_at) ON signdock.sent_claims TO signdock_member;
  GRANT USAGE ON SEQUENCE signdock.sent_claims_claim_id_seq TO signdock_member;
  GRANT INSERT ON signdock.journal TO signdock_member;
  GRANT INSERT, UPDATE (holder, computer, taken_at, renewed_at, expires_at) ON signdock.duties TO signdock_member;
  GRANT INSERT ON signdock.reminders TO signdock_member;
  GRANT INSERT ON signdock.notifications TO signdock_member;
  GRANT USAGE ON SEQUENCE signdock.notifications_notification_id_seq TO signdock_member;
  GRANT USAGE ON SEQUENCE signdock.reminders_reminder_id_seq TO signdock_member;
  REVOKE SELECT ON signdock.webhook_credentials FROM signdock_reviewer;
  GRANT INSERT, UPDATE (token, hmac_secret, computer, updated_at) ON signdock.webhook_credentials TO signdock_member;
  GRANT INSERT, UPDATE (state, bag_path, covers, archived_at) ON signdock.archive_bags TO signdock_member;
  GRANT USAGE ON SEQUENCE signdock.archive_bags_claim_id_seq TO signdock_member;
  GRANT INSERT, UPDATE ON signdock.rate_limits TO signdock_member;
  ${jobsGrants}
`;

/** The three lines an administrator runs for each person (the README shows them). */
export function grantLines(login: string, role: 'signdock_member' | 'signdock_reviewer' = 'signdock_member'): string[] {
  return [`CREATE ROLE ${login} LOGIN PASSWORD '…';`, `GRANT ${role} TO ${login};`, `GRANT CONNECT ON DATABASE signdock TO ${login};`];
}
