import { useId } from 'react';

/**
 * The platform's own mark (no emblem, no trademark): a rounded blue square with two rising bars and a sprout,
 * for inclusive finance growing in town and country.
 */
export function LogoMark({ size = 44, title }: { size?: number; title?: string }) {
  const id = useId();
  const gradient = `phjr-logo-${id.replace(/:/g, '')}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f74f0" />
          <stop offset="1" stopColor="#0b3a9e" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="44" height="44" rx="12" fill={`url(#${gradient})`} />
      <rect x="11" y="27" width="6" height="10" rx="1.6" fill="#fff" opacity="0.78" />
      <rect x="20" y="20" width="6" height="17" rx="1.6" fill="#fff" />
      <path d="M32 37V23" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M32 25.5c0-6.6 4.2-11 9-11 0 6.1-3.9 10.6-9 11z" fill="#ff8a4c" />
      <path d="M32 29c0-4.3-2.9-7.2-6.2-7.2 0 4 2.6 7 6.2 7.2z" fill="#ffd2b3" />
    </svg>
  );
}
