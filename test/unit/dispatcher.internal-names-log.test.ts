import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { Dispatcher, type Handlers } from '../../electron/core/dispatcher';
import { operationNames } from '../../shared/contract/operations';
import { en } from '../../renderer/src/i18n/en';
import { es } from '../../renderer/src/i18n/es';

/**
 * Issue 24, point 8: "Something went wrong … the details are in its log" says where the log is. An
 * unexpected failure inside a handler answers the Internal error with the log file in `params.log`,
 * and both languages' wording shows it (the path alone when the host did not give one).
 */
describe('an unexpected error names where its details are', () => {
  const failing = Object.fromEntries(operationNames.map((name) => [name, () => { throw new TypeError('boom'); }])) as unknown as Handlers;
  const logger = { log: () => undefined };

  it('the host gives the log file with the error', async () => {
    const answer = await new Dispatcher(failing, logger, '/home/ana/.signdock/logs/signdock.log').dispatch('app.info', {});
    expect(answer).toMatchObject({ ok: false, error: { kind: 'Internal', code: 'internal', params: { log: '/home/ana/.signdock/logs/signdock.log' } } });
    expect(JSON.stringify(answer)).not.toContain('boom');
  });

  it('the English and Spanish wording show it', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { en: { translation: en }, es: { translation: es } }, lng: 'en', interpolation: { escapeValue: false, defaultVariables: { log: 'logs/signdock.log' } } });
    expect(i18n.t('errors.internal', { log: '/d/logs/signdock.log' })).toBe('Something went wrong inside SignDock. The details are in its log: /d/logs/signdock.log');
    expect(i18n.t('errors.internal')).toBe('Something went wrong inside SignDock. The details are in its log: logs/signdock.log');
    expect(i18n.t('errors.internal', { lng: 'es', log: '/d/logs/signdock.log' })).toBe('Algo salió mal dentro de SignDock. Los detalles están en su registro: /d/logs/signdock.log');
  });
});
