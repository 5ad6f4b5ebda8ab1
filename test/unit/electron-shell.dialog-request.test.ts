import { describe, expect, it } from 'vitest';
import { parseDialogRequest } from '../../electron/main/dialog-request';

// The page asks the desktop shell for a folder or a save dialog; what it names stays a suggestion.
describe('dialog requests from the page', () => {
  it('takes a folder dialog with a title and a save dialog with a file name', () => {
    expect(parseDialogRequest({ kind: 'folder', title: 'Choose the archive' })).toEqual({ kind: 'folder', title: 'Choose the archive' });
    expect(parseDialogRequest({ kind: 'save', suggestedName: 'evidence-report-2026-11-27.pdf' })).toEqual({
      kind: 'save',
      suggestedName: 'evidence-report-2026-11-27.pdf',
    });
  });

  it('keeps only the name of a suggested file: no folder, no parent, no reserved characters', () => {
    expect(parseDialogRequest({ kind: 'save', suggestedName: '/etc/cron.d/job' })).toEqual({ kind: 'save', suggestedName: 'job' });
    expect(parseDialogRequest({ kind: 'save', suggestedName: '..\\..\\Startup\\run.bat' })).toEqual({
      kind: 'save',
      suggestedName: 'run.bat',
    });
    expect(parseDialogRequest({ kind: 'save', suggestedName: 'a:b?.pdf' })).toEqual({ kind: 'save', suggestedName: 'a_b_.pdf' });
    expect(parseDialogRequest({ kind: 'save', suggestedName: '..' })).toBeNull();
  });

  it('drops anything else', () => {
    for (const value of [
      null,
      'folder',
      { kind: 'open' },
      { kind: 'folder' },
      { kind: 'folder', title: 'x'.repeat(201) },
      { kind: 'save', suggestedName: '' },
      { kind: 'save', suggestedName: 3 },
    ]) {
      expect(parseDialogRequest(value)).toBeNull();
    }
  });
});
