import { Prng } from '../core/prng';
import type { InviteChannel, ValidationCode } from '../core/types';
import type { NewSignature } from '../core/workflow';
import type { SandboxServices } from '../services';
import type { DemoPerson } from './demo-catalogue';
import { demoCancelReasons, demoCompanies, demoInvalidationReasons, demoPeople, demoTitles } from './demo-catalogue';
import { samplePdf } from './sample-pdf';

/** What happens to one signer of a demo document. `replaced-*`: invalidated and replaced by
 * another person, who then signs (CO) or has not opened yet (IN). `invalidated`: no replacement. */
type Fate = 'IN' | 'PE' | 'CO' | 'DE' | 'replaced-CO' | 'replaced-IN' | 'invalidated';

interface Scenario {
  status: 'DR' | 'PE' | 'CO' | 'CA';
  fates: Fate[];
  count: number;
}

/** About fifty documents over every document status and every signature status. */
const scenarios: Scenario[] = [
  { status: 'DR', fates: ['IN'], count: 3 },
  { status: 'DR', fates: ['IN', 'IN'], count: 1 },
  { status: 'PE', fates: ['IN'], count: 3 },
  { status: 'PE', fates: ['PE'], count: 2 },
  { status: 'PE', fates: ['PE', 'PE'], count: 2 },
  { status: 'PE', fates: ['CO', 'IN'], count: 3 },
  { status: 'PE', fates: ['CO', 'PE', 'IN'], count: 2 },
  { status: 'PE', fates: ['DE'], count: 2 },
  { status: 'PE', fates: ['CO', 'DE'], count: 1 },
  { status: 'PE', fates: ['replaced-IN'], count: 2 },
  { status: 'PE', fates: ['invalidated', 'IN'], count: 1 },
  { status: 'CO', fates: ['CO'], count: 8 },
  { status: 'CO', fates: ['CO', 'CO'], count: 7 },
  { status: 'CO', fates: ['CO', 'CO', 'CO'], count: 3 },
  { status: 'CO', fates: ['replaced-CO'], count: 2 },
  { status: 'CO', fates: ['CO', 'replaced-CO'], count: 1 },
  { status: 'CA', fates: ['IN'], count: 3 },
  { status: 'CA', fates: ['CO', 'IN'], count: 2 },
  { status: 'CA', fates: ['PE'], count: 1 },
  { status: 'CA', fates: ['DE'], count: 1 },
];

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function signatureFor(person: DemoPerson, prng: Prng): NewSignature {
  const validations: Partial<Record<ValidationCode, string | null>> = { EM: person.email };
  let inviteChannel: InviteChannel[] = ['EM'];
  const style = prng.int(0, 5);
  if (style === 1) validations.PH = null;
  if (style === 2) {
    validations.PH = person.phone;
    inviteChannel = ['EM', 'PH'];
  }
  if (style === 3) validations.BI = null;
  if (style === 4) validations.AF = person.taxId;
  if (style === 5) inviteChannel = [];
  return { validations, inviteChannel };
}

function fillTitle(template: string, person: DemoPerson, prng: Prng): string {
  return template
    .replace('{person}', person.name)
    .replace('{company}', prng.pick(demoCompanies))
    .replace('{n}', String(prng.int(2, 480)));
}

/** Loads the demo documents as if they had happened over the last two months (no webhooks sent). */
export async function loadDemo(services: SandboxServices, seed: number): Promise<void> {
  const prng = new Prng(seed);
  const { workflow, store } = services;
  const now = services.clock.now();
  let index = 0;
  for (const scenario of scenarios) {
    for (let copy = 0; copy < scenario.count; copy += 1) {
      index += 1;
      const signers = prng.shuffle(demoPeople).slice(0, scenario.fates.length + 1);
      const spare = signers.pop() as DemoPerson;
      const title = fillTitle(demoTitles[index % demoTitles.length] ?? 'Documento', signers[0] ?? spare, prng);
      const ageDays = scenario.status === 'CO' ? prng.int(6, 60) : scenario.status === 'CA' ? prng.int(3, 40) : prng.int(0, 5);
      let time = now - ageDays * DAY - prng.int(1, 20) * HOUR;
      const step = () => {
        time = Math.min(now - 60_000, time + prng.int(1, 30) * HOUR + prng.int(0, 59) * 60_000);
        return time;
      };
      const file = await samplePdf(title, { date: new Date(time) });
      const document = workflow.replay(time, () =>
        workflow.create(
          {
            title,
            file,
            signatures: signers.map((person) => signatureFor(person, prng)),
          },
          scenario.status === 'DR' ? 'DR' : 'PE',
        ),
      );
      const ids = [...document.signatureIds];

      // Invalidations first, then each signer acts in order (the last signature completes the document).
      const actors = new Map<string, DemoPerson>();
      scenario.fates.forEach((fate, position) => {
        const id = ids[position] as string;
        actors.set(id, signers[position] as DemoPerson);
        if (!fate.startsWith('replaced') && fate !== 'invalidated') return;
        const outcome = workflow.replay(step(), () =>
          workflow.invalidate(id, {
            reason: prng.pick(demoInvalidationReasons),
            notify: true,
            ...(fate === 'invalidated' ? {} : { newSigner: spare.email }),
          }),
        );
        if (outcome.ok && outcome.value.replacement) actors.set(outcome.value.replacement.id, spare);
      });
      for (const signature of store.signaturesOf(document)) {
        if (signature.status !== 'IN' || scenario.status === 'DR') continue;
        const position = ids.indexOf(signature.id);
        const fate: Fate =
          position >= 0 ? (scenario.fates[position] as Fate) : (scenario.fates.find((f) => f.startsWith('replaced')) as Fate);
        const person = actors.get(signature.id) ?? spare;
        const act = { name: person.name, phone: person.phone };
        if (fate === 'IN' || fate === 'replaced-IN') continue;
        workflow.replay(step(), () => workflow.open(signature.id, act));
        if (fate === 'CO' || fate === 'replaced-CO') workflow.replay(step(), () => workflow.sign(signature.id, act));
        if (fate === 'DE') workflow.replay(step(), () => workflow.reject(signature.id, act));
      }
      if (scenario.status === 'CA') workflow.replay(step(), () => workflow.cancel(document.id, prng.pick(demoCancelReasons)));
    }
  }
}
