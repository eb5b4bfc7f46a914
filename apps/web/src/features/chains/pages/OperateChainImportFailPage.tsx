import { RoutePage } from '../../../components/RoutePage.tsx';
import { FailedRowsScreen } from '../components/FailedRowsScreen.tsx';

/**
 * /operateClient/chain/importFail: Failed imports. Chain enterprises that failed to import, with the reasons;
 * correct and register them again (`?importRecordId=` or `?industrialChainId=` narrows the list).
 */
export default function OperateChainImportFailPage() {
  return (
    <RoutePage>
      <FailedRowsScreen canFix />
    </RoutePage>
  );
}
