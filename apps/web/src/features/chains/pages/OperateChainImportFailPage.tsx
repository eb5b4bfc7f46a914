import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/chain/importFail: Failed imports. Chain enterprises that failed to import, with the reasons;
 * correct and register them again.
 */
export default function OperateChainImportFailPage() {
  return <RoutePage kind="list" />;
}
