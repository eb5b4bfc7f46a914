import { RoutePage } from '../../../components/RoutePage.tsx';
import { FailedRowsScreen } from '../components/FailedRowsScreen.tsx';

/**
 * /govermentChain/chain/importFail: the failed rows of the member imports of the manager's chains, with their
 * errors; a government manager reads them only (docs/chains.md: no writes), so no fix form.
 */
export default function GovChainImportFailPage() {
  return (
    <RoutePage>
      <FailedRowsScreen canFix={false} />
    </RoutePage>
  );
}
