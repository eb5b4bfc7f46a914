import { BANKS } from '@phjr/contract/orgs/banks';
import { BankBadge } from '../../../components/BankBadge.tsx';
import './partner-bank-wall.css';

/**
 * The partner banks of the region (contract BANKS) as a wall: the project's own drawn badge and the bank's short
 * name, the full name on hover and for screen readers. Never a real logo.
 */
export function PartnerBankWall() {
  return (
    <ul className="phjr-bank-wall">
      {BANKS.map((b) => (
        <li key={b.name} title={b.name}>
          <BankBadge name={b.name} size={44} />
          <span className="phjr-bank-wall-name" aria-hidden>
            {b.short}
          </span>
        </li>
      ))}
    </ul>
  );
}
