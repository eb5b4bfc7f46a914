import { RoutePage } from '../../../components/RoutePage.tsx';
import { ProductManageScreen } from '../components/manage/ProductManageScreen.tsx';

/**
 * /financialInstitution/product: the bank's loan products (a head office sees its whole tree, a branch its
 * subtree): create, edit, submit for review, withdraw, delist, delete a draft; the reject reason and the history.
 */
export default function BankProductPage() {
  return (
    <RoutePage>
      <ProductManageScreen kind="LOAN" />
    </RoutePage>
  );
}
