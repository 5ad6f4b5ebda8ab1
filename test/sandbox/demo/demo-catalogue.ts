/** Names, companies and titles the demo documents are made of. Addresses use reserved example
 * domains; phone numbers are in fictional ranges. */

export interface DemoPerson {
  name: string;
  email: string;
  phone: string;
  taxId: string;
}

const people: [string, string, string][] = [
  ['María García López', 'maria.garcia', 'example.es'],
  ['José Martínez Ruiz', 'jose.martinez', 'example.es'],
  ['Lucía Fernández Gil', 'lucia.fernandez', 'example.es'],
  ['Carlos Sánchez Vidal', 'carlos.sanchez', 'example.es'],
  ['Ana Rodríguez Pérez', 'ana.rodriguez', 'example.es'],
  ['Javier Gómez Castro', 'javier.gomez', 'example.es'],
  ['Laura Díaz Moreno', 'laura.diaz', 'example.es'],
  ['David Moreno Ortega', 'david.moreno', 'example.es'],
  ['Elena Ruiz Navarro', 'elena.ruiz', 'example.es'],
  ['Pablo Jiménez Serrano', 'pablo.jimenez', 'example.es'],
  ['Sofía Navarro Blanco', 'sofia.navarro', 'example.es'],
  ['Miguel Torres Romero', 'miguel.torres', 'example.es'],
  ['Carmen Álvarez Ibáñez', 'carmen.alvarez', 'example.es'],
  ['Andrés Muñoz Herrera', 'andres.munoz', 'example.es'],
  ['Emily Johnson', 'emily.johnson', 'example.com'],
  ['James Smith', 'james.smith', 'example.com'],
  ['Olivia Brown', 'olivia.brown', 'example.com'],
  ['Daniel Wilson', 'daniel.wilson', 'example.com'],
  ['Charlotte Davies', 'charlotte.davies', 'example.co.uk'],
  ['Thomas Evans', 'thomas.evans', 'example.co.uk'],
  ['Aisha Khan', 'aisha.khan', 'example.org'],
  ["Liam O'Connor", 'liam.oconnor', 'example.org'],
  ['Chloé Martin', 'chloe.martin', 'example.org'],
  ['Noah Williams', 'noah.williams', 'example.com'],
];

export const demoPeople: DemoPerson[] = people.map(([name, local, domain], index) => ({
  name,
  email: `${local}@${domain}`,
  phone: domain.endsWith('.uk') ? `+447700900${String(100 + index).slice(-3)}` : `+34600${String(100000 + index * 7919).slice(-6)}`,
  taxId: String(10_000_000 + index * 1_234_567).slice(0, 8),
}));

export const demoCompanies = [
  'Inmobiliaria Sol y Mar S.L.',
  'Talleres Hermanos Pérez S.A.',
  'Acme Logistics Ltd',
  'Northwind Traders',
  'Consultora Iberia Digital',
  'Blue Harbour Software',
  'Clínica Dental Sonrisa',
  'Fundación Lectura Viva',
  'Greenfield Energy plc',
  'Bodegas Valle Alto',
];

/** `{person}`, `{company}` and `{n}` are filled in by the loader. */
export const demoTitles = [
  'Contrato de arrendamiento – Calle Mayor {n}, 3.º B',
  'Employment contract – {person}',
  'Acuerdo de confidencialidad (NDA) – {company}',
  'Service agreement – {company}',
  'Oferta de empleo – {person}',
  'Consentimiento RGPD – {person}',
  'Purchase order PO-2025-{n}',
  'Anexo n.º {n} al contrato de obra',
  'Orden de domiciliación SEPA – {company}',
  'Master services agreement – {company}',
  'Contrato de prestación de servicios – {company}',
  'Acta de entrega de llaves – piso {n}',
  'Letter of intent – {company}',
  'Acuse de recibo: política de teletrabajo',
  'Renovación de póliza de seguro n.º {n}',
  'Finiquito – {person}',
  'Board resolution {n}/2025',
  'Contrato de compraventa de vehículo – matrícula {n} KLM',
  'Software licence agreement – {company}',
  'Presupuesto aceptado n.º {n}',
];

export const demoCancelReasons = [
  'Se enviará una versión corregida del contrato.',
  'Duplicate sent by mistake.',
  'El cliente ha desistido de la operación.',
  'Wrong signer on the document.',
  'Condiciones renegociadas; sustituido por un nuevo documento.',
];

export const demoInvalidationReasons = [
  'El firmante ya no trabaja en la empresa.',
  'Wrong e-mail address.',
  'Cambio de representante legal.',
  'Signer asked for a colleague to sign instead.',
];
