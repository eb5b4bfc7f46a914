import type { ReactNode } from 'react';
import './chain-portal.css';

/** A site-relative picture only (the CSP allows no other image source; an uploaded cover is `/zscms/...`). */
export function ownPicture(url: string | null | undefined): string | null {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

/** A chain's cover: its PUBLIC picture, or the blue gradient, with the content (its name) over it. */
export function ChainCover({
  url,
  children,
  className,
}: {
  url: string | null;
  children: ReactNode;
  className?: string;
}) {
  const src = ownPicture(url);
  return (
    <div className={className ? `phjr-chain-cover ${className}` : 'phjr-chain-cover'}>
      {src ? <img src={src} alt="" loading="lazy" /> : null}
      <div>{children}</div>
    </div>
  );
}
