import { z } from 'zod';
import { defineOperation } from './operation';
import {
  teamFieldsSchema,
  teamMembersSchema,
  teamPasswordSchema,
  teamSettingsSchema,
  teamStateSchema,
  teamTestSchema,
} from '../domain/team';

const none = z.object({}).strict();

/**
 * The team store (issue 32) from the app: Settings → Team (the connection, its password in the OS
 * keychain, a test, the members and computers seen) and whether the store can be reached now (the
 * Send page's banner; every change is also pushed as `team.changed`).
 */
export const teamOperations = {
  'team.settings': defineOperation({
    summary:
      'The saved team store (never its password: only whether the keychain keeps one), SIGNDOCK_TEAM_URL when set (it wins), this computer’s name.',
    input: none,
    output: teamSettingsSchema,
  }),
  'team.save': defineOperation({
    summary:
      'Save the team store’s connection and this computer’s name; a password given goes to the OS keychain. SignDock connects with them from its next start.',
    input: z.object({ fields: teamFieldsSchema, password: teamPasswordSchema.optional() }).strict(),
    output: teamSettingsSchema,
  }),
  'team.forgetPassword': defineOperation({
    summary: 'Delete the team store’s password from the OS keychain.',
    input: none,
    output: teamSettingsSchema,
  }),
  'team.test': defineOperation({
    summary:
      'Connect to a team store (the fields given, else the one in use) and say who this is: the member, the computer, the schema version; a failure in words.',
    input: z.object({ fields: teamFieldsSchema.optional(), password: teamPasswordSchema.optional() }).strict(),
    output: teamTestSchema,
  }),
  'team.state': defineOperation({
    summary: 'Whether the team store can be reached now, the problem in words and when it is tried again.',
    input: none,
    output: teamStateSchema,
  }),
  'team.retry': defineOperation({
    summary: 'Try to reach the team store now (the Send page’s "Try now").',
    input: none,
    output: teamStateSchema,
  }),
  'team.members': defineOperation({
    summary: 'The members and computers the team store has seen (as `team status`).',
    input: none,
    output: teamMembersSchema,
  }),
} as const;
