import { describe, expect, it } from 'vitest';
import { manifestTemplate, parseManifest } from '../../shared/domain/manifest';

// Issue 24: a manifest written with the Spanish UI's template (Spanish column names) is read as well
// as one in English, with or without accents, in any case.

const signers = [
  { name: 'Ana García', validations: { EM: 'ana@example.com', PH: null }, invite: ['EM' as const] },
  { validations: { EM: 'bruno@example.com', PH: '+5491198765432', AF: '20123456789' }, invite: ['PH' as const] },
];

describe('a manifest with Spanish column names', () => {
  it('reads archivo, título and firmanteN_… (with accents) as file, title and signerN_…', () => {
    const text = [
      'archivo;título;firmante1_nombre;firmante1_correo;firmante1_teléfono;firmante1_invitación;firmante2_correo;firmante2_teléfono;firmante2_id_fiscal;firmante2_invitación',
      'contrato.pdf;Contrato A;Ana García;ana@example.com;cualquiera;correo;bruno@example.com;+5491198765432;20123456789;sms',
    ].join('\r\n');
    const manifest = parseManifest(text);
    expect(manifest.problems).toEqual([]);
    expect(manifest.entries.map(({ file, title, signers }) => ({ file, title, signers }))).toEqual([
      { file: 'contrato.pdf', title: 'Contrato A', signers },
    ]);
  });

  it('reads them without accents and in any case, and a single "firmante" column', () => {
    const text = [
      'ARCHIVO,Titulo,Firmante 1 Correo,FIRMANTE1_INVITACION,Firmante_2_Documento,firmante2_invitacion',
      'a.pdf,A,ana@example.com,Enlace,AR:1,ENLACE',
    ].join('\r\n');
    const manifest = parseManifest(text);
    expect(manifest.problems).toEqual([]);
    expect(manifest.entries[0]?.signers).toEqual([
      { validations: { EM: 'ana@example.com' }, invite: [] },
      { validations: { BI: 'AR:1' }, invite: [] },
    ]);
    expect(parseManifest('Archivo,Firmante\r\nb.pdf,EM=ana@example.com').entries[0]?.signers[0]?.validations).toEqual({
      EM: 'ana@example.com',
    });
  });

  it('the Spanish template writes Spanish names, and its header and rows read back the same', () => {
    const example = manifestTemplate(',', undefined, 'es');
    expect(example.split('\r\n')[0]).toBe(
      'archivo,título,firmante1_nombre,firmante1_correo,firmante1_teléfono,firmante1_documento,firmante1_id_fiscal,firmante1_invitación,' +
        'firmante2_nombre,firmante2_correo,firmante2_teléfono,firmante2_documento,firmante2_id_fiscal,firmante2_invitación',
    );
    const read = parseManifest(example);
    expect(read.problems).toEqual([]);
    expect(read.entries).toHaveLength(1);
    const rows = [
      { file: 'a.pdf', title: 'Contrato A', signers },
      { file: 'b.pdf', title: 'Contrato; B', signers: [{ validations: { BI: 'AR:123' }, invite: [] }] },
    ];
    const back = parseManifest(manifestTemplate(';', rows, 'es'));
    expect(back.problems).toEqual([]);
    expect(back.entries.map(({ file, title, signers }) => ({ file, title, signers }))).toEqual(rows);
  });
});
