import { badgeColor, bankShortName } from './bank-badge.ts';

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
  const fontSize = Math.round(size * (text.length > 2 ? 0.28 : 0.36));
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
        letterSpacing: text.length > 2 ? 0 : '0.04em',
        textAlign: 'center',
        userSelect: 'none',
        boxShadow: 'inset 0 0 0 1px rgba(255, 255, 255, 0.18)',
      }}
    >
      {text}
    </span>
  );
}

export default BankBadge;
