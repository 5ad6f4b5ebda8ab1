/**
 * Step 11 of the team store's schema (team-schema.ts), on the team's pace (`signdock.rate_limits`,
 * team-rate.ts): `normal_at`, the slot of the team's last request that was not background (a background
 * request of any computer yields while one went within the quiet time, as on one computer), and
 * `anchor`: a short round that began with the service's bucket full (its time, what it accepted, its
 * slots), through which the line of the rounds is drawn; `prev_from`, `prev_at`: where the round before the
 * current one began, when no pause or idle second came between (team-rate-reading.ts).
 */
export const rateStep = `
  ALTER TABLE signdock.rate_limits
    ADD COLUMN normal_at timestamptz NOT NULL DEFAULT '-infinity',
    ADD COLUMN anchor    jsonb,
    ADD COLUMN prev_from bigint,
    ADD COLUMN prev_at   timestamptz;
`;
