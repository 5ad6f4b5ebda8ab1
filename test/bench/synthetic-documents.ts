import type { Document, Signature } from '../../shared/domain/documents';

const words = [
  'Contrato',
  'Anexo',
  'Acuerdo',
  'Poder',
  'Master services agreement',
  'NDA',
  'Board resolution',
  'Factura',
  'Lease',
  'Convenio',
];
const streets = ['Calle Mayor', 'Gran Vía', 'Avenida del Puerto', 'High Street', 'Rue de Rivoli'];
const names = ['ana', 'luis', 'carmen', 'olivia', 'liam', 'sofia', 'daniel', 'aisha', 'chloe', 'pablo'];
const statuses = ['PE', 'PE', 'CO', 'CO', 'CO', 'CA', 'DR'];

/** A deterministic document as the service would send it, for benches (no randomness: the same every run). */
export function syntheticDocument(i: number): Document {
  const status = statuses[i % statuses.length] ?? 'PE';
  const signers = 1 + (i % 3);
  const signatures: Signature[] = [];
  for (let s = 0; s < signers; s += 1) {
    const email = `${names[(i + s) % names.length]}.${i}@example.com`;
    const phone = `+3461${String(1_000_000 + ((i * 7 + s) % 8_999_999)).padStart(7, '0')}`;
    signatures.push({
      id: `sig-${i}-${s}`,
      status: status === 'CO' ? 'CO' : status === 'CA' ? 'CA' : 'IN',
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      url: `https://sign.example/${i}/${s}`,
      inviteChannel: ['EM'],
      validations: { EM: { value: email, validated: status === 'CO' }, PH: { value: phone, validated: false } },
      invalidationReason: null,
      signedDate: null,
      ip: null,
      device: null,
      documentId: `doc-${i}`,
      displayName: email,
      raw: { id: `sig-${i}-${s}` },
    });
  }
  const title = `${words[i % words.length]} ${i} – ${streets[i % streets.length]} ${i % 400}`;
  return {
    id: `doc-${i}`,
    title,
    status,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    cancelReason: status === 'CA' ? 'Withdrawn' : null,
    fileName: `${title}.pdf`,
    fileHash: null,
    signatures,
    raw: { id: `doc-${i}`, title, status },
  };
}
