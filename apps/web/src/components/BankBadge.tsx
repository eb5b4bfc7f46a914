import { bankShortName } from '@phjr/contract/orgs/banks';
import { badgeColor, badgeLines } from './bank-badge.ts';

export interface BankBadgeProps {
  /** The bank's full name (the badge map is keyed by it). */
  name: string;
  /** Override the derived short name. */
  shortName?: string;
  size?: number;
}

/** A rounded square in the bank's own colour with its short name: the project's drawn badge, never a real logo. */
export function BankBadge({ name, shortName, size = 40 }: BankBadgeProps) {
  const text = shortName ?? bankShortName(name);
  const lines = badgeLines(text);
  const widest = Math.max(...lines.map((l) => l.length));
  const fontSize = Math.round(size * (widest > 2 ? 0.28 : lines.length > 1 ? 0.3 : 0.36));
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: Math.round(size * 0.22),
        background: badgeColor(name),
        color: '#fff',
        fontSize,
        fontWeight: 600,
        lineHeight: 1.1,
        flexDirection: 'column',
        letterSpacing: widest > 2 ? 0 : '0.04em',
        textAlign: 'center',
        userSelect: 'none',
        boxShadow: 'inset 0 0 0 1px rgba(255, 255, 255, 0.18)',
      }}
    >
      {lines.map((l, i) => (
        <span key={i}>{l}</span>
      ))}
    </span>
  );
}

export default BankBadge;
