import { PERMISSION_FLAGS, type Authority } from '@kindred/protocol';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../icons';

/** A level's privileges from the permission matrix (initdata); those a free member lacks come first and stand out. */
export function PrivilegeList({ authority, level }: { authority: Authority; level: 1 | 2 }) {
  const { t } = useTranslation('mobile');
  const mine = authority[`vip${level}`];
  const allowed = PERMISSION_FLAGS.filter((f) => mine[f] === 1);
  const extra = allowed.filter((f) => authority.vip0[f] !== 1);
  const base = allowed.filter((f) => authority.vip0[f] === 1);
  return (
    <ul className="m-privileges" data-testid={`privileges-${level}`}>
      {[...extra, ...base].map((flag) => (
        <li key={flag} className={authority.vip0[flag] === 1 ? '' : 'is-extra'} data-flag={flag}>
          <CheckIcon />
          {t(`money.flags.${flag}`)}
        </li>
      ))}
    </ul>
  );
}
