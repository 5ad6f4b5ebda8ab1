import { useTranslation } from 'react-i18next';
import type { SignerTrust, Verdict } from '../../../../shared/domain/evidence';
import { Tag } from '../../components/tag';
import { bagLook, lookTone } from './bag-look';

/** A bag's verdict and signer trust as one tag, alike in the list, the panel and the Documents panel. */
export function LookTag({ verdict, trust, testId }: { verdict: Verdict; trust: SignerTrust; testId?: string }) {
  const { t } = useTranslation();
  const look = bagLook(verdict, trust);
  return (
    <Tag tone={lookTone[look]} testId={testId}>
      {t(`evidence.review.look.${look}.label`)}
    </Tag>
  );
}
