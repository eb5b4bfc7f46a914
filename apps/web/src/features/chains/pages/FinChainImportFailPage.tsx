import { RoutePage } from '../../../components/RoutePage.tsx';
import { FailedRowsScreen } from '../components/FailedRowsScreen.tsx';
import { useScopedChains } from './chain-actions.tsx';

/**
 * /financialChain/chain/importFail: the failed rows of the member imports of the bank's chains; the lead bank of a
 * chain fixes a row and registers it again (the server refuses the others: the fix form shows only to a lead bank).
 */
export default function FinChainImportFailPage() {
  const { leads } = useScopedChains();
  return (
    <RoutePage>
      <FailedRowsScreen canFix={leads.length > 0} />
    </RoutePage>
  );
}
