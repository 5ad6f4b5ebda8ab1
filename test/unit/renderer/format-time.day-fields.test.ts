import { describe, expect, it } from 'vitest';
import { formatDayField, formatNumericDate, parseDayField } from '../../../renderer/src/lib/format-time';

// Date fields and the dates beside them read in the UI language's numbers: day first in Spanish.
describe('day fields in the UI language', () => {
  it('shows a day as dd/mm/yyyy in Spanish and mm/dd/yyyy in English', () => {
    expect(formatDayField('2026-11-23', 'es')).toBe('23/11/2026');
    expect(formatDayField('2026-11-23', 'en')).toBe('11/23/2026');
    expect(formatNumericDate('2026-03-05T12:00:00', 'es')).toBe('05/03/2026');
    expect(formatDayField('', 'es')).toBe('');
  });

  it('reads what was typed in the same order, and refuses days that do not exist', () => {
    expect(parseDayField('23/11/2026', 'es')).toBe('2026-11-23');
    expect(parseDayField('5-3-2026', 'es')).toBe('2026-03-05');
    expect(parseDayField('11/23/2026', 'en')).toBe('2026-11-23');
    expect(parseDayField('11/23/2026', 'es')).toBeNull();
    expect(parseDayField('31/02/2026', 'es')).toBeNull();
    expect(parseDayField('23/11', 'es')).toBeNull();
    expect(parseDayField('soon', 'en')).toBeNull();
  });

  it('round-trips what it shows', () => {
    for (const language of ['es', 'en']) expect(parseDayField(formatDayField('2026-01-31', language), language)).toBe('2026-01-31');
  });
});
