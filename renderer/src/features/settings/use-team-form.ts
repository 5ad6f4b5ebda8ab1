import { useState } from 'react';
import { teamFieldsSchema, type TeamFields, type TeamSettings, type TeamSslMode } from '../../../../shared/domain/team';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';

/** What the clerk types in Settings → Team (the password only until Save or Test: never read back). */
export interface TeamValues {
  host: string;
  port: string;
  database: string;
  login: string;
  password: string;
  sslMode: TeamSslMode;
  caPem: string | null;
  /** The saved CA's subject; null for a file picked and not saved yet. */
  caSubject: string | null;
  computerName: string;
}

export type TeamField = 'host' | 'port' | 'database' | 'login';

export function valuesOf(settings: TeamSettings): TeamValues {
  const saved = settings.saved;
  return {
    host: saved?.host ?? '',
    port: String(saved?.port ?? 5432),
    database: saved?.database ?? '',
    login: saved?.login ?? '',
    password: '',
    sslMode: saved?.sslMode ?? 'verify-full',
    caPem: saved?.caPem ?? null,
    caSubject: saved?.caSubject ?? null,
    computerName: saved?.computerName ?? '',
  };
}

/** The fields as the contract takes them, or the fields that are wrong. */
export function fieldsOf(values: TeamValues): { fields: TeamFields; invalid: null } | { fields: null; invalid: TeamField[] } {
  const parsed = teamFieldsSchema.safeParse({
    host: values.host,
    port: /^\d+$/.test(values.port.trim()) ? Number(values.port.trim()) : Number.NaN,
    database: values.database,
    login: values.login,
    sslMode: values.sslMode,
    caPem: values.caPem,
    computerName: values.computerName.trim() === '' ? null : values.computerName,
  });
  if (parsed.success) return { fields: parsed.data, invalid: null };
  const invalid = new Set<TeamField>();
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'host' || field === 'port' || field === 'database' || field === 'login') invalid.add(field);
  }
  return { fields: null, invalid: [...invalid] };
}

/**
 * Settings → Team's form: the values, which fields are wrong (shown once the clerk tried to save or
 * test), Save (the password to the keychain), Test connection, Forget the password.
 */
export function useTeamForm(settings: TeamSettings, apply: (next: TeamSettings) => void) {
  const client = useClient();
  const [values, setValues] = useState<TeamValues>(() => valuesOf(settings));
  const [tried, setTried] = useState(false);
  const checked = fieldsOf(values);
  const readOnly = settings.source === 'environment';

  const save = useAction(async () => {
    if (!checked.fields) throw new Error('invalid');
    const next = await client.call('team.save', { fields: checked.fields, ...(values.password ? { password: values.password } : {}) });
    apply(next);
    setValues((current) => ({ ...current, password: '', caSubject: next.saved?.caSubject ?? null }));
    return next;
  });
  const test = useAction(() => {
    if (readOnly) return client.call('team.test', {});
    if (!checked.fields) throw new Error('invalid');
    return client.call('team.test', { fields: checked.fields, ...(values.password ? { password: values.password } : {}) });
  });
  const forget = useAction(async () => {
    const next = await client.call('team.forgetPassword', {});
    apply(next);
    return next;
  });

  const set = <K extends keyof TeamValues>(key: K, value: TeamValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    save.reset();
    test.reset();
  };
  const attempt = (action: { run(): Promise<unknown> }) => {
    setTried(true);
    if (readOnly || checked.fields) void action.run();
  };
  const invalid = tried && checked.invalid ? checked.invalid : [];
  return { values, set, invalid, readOnly, save, test, forget, attempt };
}

export type TeamForm = ReturnType<typeof useTeamForm>;
