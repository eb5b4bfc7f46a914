import type { ProductCard } from '@phjr/contract/products/product';
import { useEnum } from '../../../lib/enums.ts';
import './product-tags.css';

export interface ProductTagsProps {
  product: Pick<ProductCard, 'kind' | 'loanType' | 'guaranteeMethods' | 'customerTypes'>;
  /** Leave out the customer types (compact cards). */
  customers?: boolean;
  /** At most this many tags (compact cards). */
  limit?: number;
}

/**
 * The loan type, guarantee methods and target customers of a product as small tags, named by the server's enums in
 * the active language. Plain spans (no antd Tag): /home shows them too.
 */
export function ProductTags({ product: p, customers = true, limit }: ProductTagsProps) {
  const loanType = useEnum('LoanType');
  const guarantee = useEnum('GuaranteeMethod');
  const customer = useEnum('CustomerType');
  const tags = [
    // A guarantee service's loan type is always "guarantee": its methods say more.
    ...(p.kind === 'LOAN' ? [{ key: `t-${p.loanType}`, text: loanType.label(p.loanType), tone: 'type' }] : []),
    ...p.guaranteeMethods.map((g) => ({ key: `g-${g}`, text: guarantee.label(g), tone: 'guarantee' })),
    ...(customers ? p.customerTypes.map((c) => ({ key: `c-${c}`, text: customer.label(c), tone: 'customer' })) : []),
  ];
  return (
    <ul className="phjr-ptags">
      {tags.slice(0, limit ?? tags.length).map((tag) => (
        <li key={tag.key} className={`phjr-ptag is-${tag.tone}`}>
          {tag.text}
        </li>
      ))}
    </ul>
  );
}
