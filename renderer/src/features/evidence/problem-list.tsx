import { useTranslation } from 'react-i18next';
import type { BagProblem, Check } from '../../../../shared/domain/evidence';
import { problemOutcome } from '../../../../shared/domain/evidence-verdict';
import { Tag } from '../../components/tag';
import { statusTone, useCheckWords } from './labels';

/**
 * The bag's problems, each in a sentence that names the file and what it was checked against: a file
 * changed, missing or added against the manifest that lists it ("data/signed.pdf is not the file
 * manifest-sha256.txt lists"); a problem a check found (an evidence check, Payload-Oxum) in that check's
 * own words and status ("Failed — The signed PDF's hash is not in the audit certificate"), never a bare
 * "Does not match" beside the file it was compared with. The same problem on the same file is one line
 * with how many (`data-count`), so the lines add up to the problems a report counts.
 */
export function ProblemList({ problems, checks }: { problems: BagProblem[]; checks: Check[] }) {
  const lines = new Map<string, { problem: BagProblem; count: number }>();
  for (const problem of problems) {
    const key = `${problem.kind}\u0000${problem.path}\u0000${problem.check ?? ''}`;
    const line = lines.get(key);
    if (line) line.count += 1;
    else lines.set(key, { problem, count: 1 });
  }
  return (
    <ul className="evidence-problems" data-testid="bag-problems">
      {[...lines.entries()].map(([key, { problem, count }]) => (
        <ProblemLine key={key} problem={problem} count={count} checks={checks} />
      ))}
    </ul>
  );
}

/** Problems about a file of the bag itself, worded with the manifest it was checked against. */
const fileKinds = ['modified', 'missing', 'unexpected', 'invalid', 'notRegular'] as const;

/** The manifest that lists a path: the payload manifest for data/, the tag manifest for the tag files. */
export const manifestOf = (path: string) => (path.startsWith('data/') ? 'manifest-sha256.txt' : 'tagmanifest-sha256.txt');

/** Where the core files a check's problem (bag-verify's `evidenceProblems`): a package entry inside the package, else its file. */
const pathOf = (c: Check) =>
  c.id.startsWith('package.') && c.file && !c.file.startsWith('data/') ? `data/package.zip:${c.file}` : (c.file ?? 'data');

function ProblemLine({ problem, count, checks }: { problem: BagProblem; count: number; checks: Check[] }) {
  const { t } = useTranslation();
  const words = useCheckWords();
  // The check that found it, as it stands now (its status and filled words); an older index row names none.
  const bad = checks.filter((c) => c.id === problem.check && (c.status === 'failed' || c.status === 'incomplete'));
  const found = bad.find((c) => pathOf(c) === problem.path) ?? bad[0];
  const lineKey = fileKinds.find((kind) => kind === problem.kind) ?? null;
  const fileLine = lineKey !== null;
  const status = found?.status ?? (problemOutcome(problem.kind) === 'failed' ? 'failed' : 'incomplete');
  const folded = found !== undefined && found.items.length > 0;
  return (
    <li data-kind={problem.kind} data-count={count} data-check={problem.check ?? ''} data-testid="bag-problem">
      {fileLine || !found ? (
        <>
          <Tag tone={problemOutcome(problem.kind) === 'failed' ? 'danger' : 'neutral'}>
            {t(`evidence.panel.problemKinds.${problem.kind}`)}
          </Tag>{' '}
          <span>{t(`evidence.panel.problemLines.${lineKey ?? 'other'}`, { path: problem.path, manifest: manifestOf(problem.path) })}</span>
        </>
      ) : (
        <>
          <Tag tone={statusTone(status)}>{t(`evidence.statuses.${status}`)}</Tag> <span>{words(found).title}</span>
          {folded ? (
            <>
              {' — '}
              <code>{problem.path}</code>
            </>
          ) : null}
        </>
      )}
      {count > 1 ? <span className="cell-sub"> ×{count}</span> : null}
    </li>
  );
}
