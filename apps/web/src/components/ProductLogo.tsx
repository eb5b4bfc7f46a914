import type { ProductCard } from '@phjr/contract/products/product';
import { BankBadge } from './BankBadge.tsx';
import { ownLogo } from './product-format.ts';

/** The badge of a product: its own logo when it has one on this site, else the drawn badge of its bank. */
export function ProductLogo({ product, size }: { product: Pick<ProductCard, 'logo' | 'bankName'>; size: number }) {
  const logo = ownLogo(product.logo);
  if (logo)
    return (
      <img
        src={logo}
        alt={product.bankName}
        width={size}
        height={size}
        style={{ flex: 'none', borderRadius: Math.round(size * 0.22), objectFit: 'cover' }}
      />
    );
  return <BankBadge name={product.bankName} size={size} />;
}
