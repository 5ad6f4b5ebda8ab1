import { describe, expect, it } from 'vitest';
import { Dispatcher, type Handlers } from '../../electron/core/dispatcher';
import { operationNames } from '../../shared/contract/operations';

/**
 * Issue 24, point 8: "Something went wrong … the details are in its log" says where the log is. An
 * unexpected failure inside a handler answers the Internal error with the log file in `params.log`
 * (the English and Spanish `errors.internal` show it), never the failure's own words.
 */
describe('an unexpected error names where its details are', () => {
  const failing = Object.fromEntries(
    operationNames.map((name) => [
      name,
      () => {
        throw new TypeError('boom');
      },
    ]),
  ) as unknown as Handlers;
  const logger = { log: () => undefined };

  it('the host gives the log file with the error', async () => {
    const answer = await new Dispatcher(failing, logger, '/home/ana/.signdock/logs/signdock.log').dispatch('app.info', {});
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'Internal', code: 'internal', params: { log: '/home/ana/.signdock/logs/signdock.log' } },
    });
    expect(JSON.stringify(answer)).not.toContain('boom');
  });
});
