import { useTranslation } from 'react-i18next';
import type { ProofOfWorkState } from '../../api/antispam';
import './pow.css';

/** One quiet line under a sign-up or recovery form: the proof-of-work running, done or to be retried. */
export function PowStatus({ state, required }: { state: ProofOfWorkState; required: boolean }) {
  const { t } = useTranslation();
  if (!required) return null;
  return (
    <p className={`kd-pow kd-pow-${state}`} role="status" aria-live="polite" data-testid="pow-status" data-state={state}>
      <span className="kd-pow-mark" aria-hidden="true" />
      {t(`antispam.${state}`)}
    </p>
  );
}
