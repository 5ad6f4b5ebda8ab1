/**
 * Step 9 of the team store's schema (team-schema.ts): the one job queue. `jobs` (a bulk action: its
 * kind, the account as the team names it, its state, inputs, who started it from which computer),
 * `job_items` (its items, taken with `FOR UPDATE SKIP LOCKED`), `job_leases` (the process that runs it
 * now: computer, PID, member, and an expiry on the store's clock). The engine's times (`created_at` …)
 * are milliseconds since 1970, as in SQLite; a lease's expiry is the store's `clock_timestamp()`, so
 * computers whose clocks differ agree on when a lease ran out. The starter and the lease's holder are
 * `current_user` (triggers): a member cannot start or hold a job in another's name. Members insert jobs
 * and change only their state, stop reason and times (a job's commands come from any member: pause,
 * resume, cancel, carry on), insert and settle items, take, renew and let go leases; nobody deletes a job
 * or an item; reviewers read jobs, items and leases.
 */
export const jobsStep = `
  CREATE TABLE signdock.jobs (
    id          text PRIMARY KEY,
    kind        text NOT NULL,
    account     text NOT NULL,
    state       text NOT NULL CHECK (state IN ('queued', 'running', 'pausing', 'paused', 'cancelling', 'cancelled', 'finished')),
    input       jsonb NOT NULL DEFAULT '{}',
    concurrency integer NOT NULL DEFAULT 4,
    stopped_by  jsonb,
    created_at  bigint NOT NULL,
    updated_at  bigint NOT NULL,
    finished_at bigint,
    computer    text NOT NULL,
    member      text NOT NULL DEFAULT current_user
  );
  CREATE INDEX jobs_by_account ON signdock.jobs (account, created_at DESC);
  CREATE INDEX jobs_unsettled ON signdock.jobs (state) WHERE state IN ('queued', 'running', 'pausing', 'cancelling');
  CREATE FUNCTION signdock.member_is_starter() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.member := current_user;
    RETURN NEW;
  END $$;
  CREATE TRIGGER jobs_member BEFORE INSERT ON signdock.jobs FOR EACH ROW EXECUTE FUNCTION signdock.member_is_starter();
  CREATE TABLE signdock.job_items (
    job_id      text NOT NULL REFERENCES signdock.jobs (id) ON DELETE CASCADE,
    seq         integer NOT NULL,
    subject     text NOT NULL,
    input       jsonb NOT NULL DEFAULT '{}',
    state       text NOT NULL CHECK (state IN ('pending', 'running', 'uncertain', 'done', 'skipped', 'failed', 'cancelled')),
    attempts    integer NOT NULL DEFAULT 0,
    outcome     jsonb,
    error       jsonb,
    bytes       bigint NOT NULL DEFAULT 0,
    started_at  bigint,
    finished_at bigint,
    PRIMARY KEY (job_id, seq)
  );
  CREATE INDEX job_items_by_state ON signdock.job_items (job_id, state, seq);
  CREATE TABLE signdock.job_leases (
    job_id       text PRIMARY KEY REFERENCES signdock.jobs (id) ON DELETE CASCADE,
    owner        text NOT NULL,
    computer     text NOT NULL,
    pid          integer NOT NULL,
    member       text NOT NULL DEFAULT current_user,
    heartbeat_at timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL
  );
  CREATE TRIGGER job_leases_member BEFORE INSERT OR UPDATE ON signdock.job_leases
    FOR EACH ROW EXECUTE FUNCTION signdock.member_is_taker();
`;

/**
 * Step 10: the files of a batch whose send job is the team's (`job_files`), in parts of 1 MB, copied by
 * the computer that started it while it sends, so another computer can carry the batch on; the rows'
 * SHA-256 (in their items) says whether a copy is whole. Let go (deleted) when the job ends.
 */
export const jobFilesStep = `
  CREATE TABLE signdock.job_files (
    job_id text NOT NULL REFERENCES signdock.jobs (id) ON DELETE CASCADE,
    seq    integer NOT NULL,
    part   integer NOT NULL,
    bytes  bytea NOT NULL,
    PRIMARY KEY (job_id, seq, part)
  );
`;

/** What members may do with the queue (added to the roles' grants); reviewers never read the files being sent. */
export const jobsGrants = `
  GRANT INSERT, UPDATE (state, stopped_by, updated_at, finished_at) ON signdock.jobs TO signdock_member;
  GRANT INSERT, UPDATE ON signdock.job_items TO signdock_member;
  GRANT INSERT, UPDATE, DELETE ON signdock.job_leases TO signdock_member;
  GRANT INSERT, DELETE ON signdock.job_files TO signdock_member;
  REVOKE SELECT ON signdock.job_files FROM signdock_reviewer;
`;
