import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /financialChain/chain/importFail: Failed imports. Chain enterprises that failed to import, with the reasons;
 * correct and register them again.
 */
export default function FinChainImportFailPage() {
  return <RoutePage kind="list" />;
}
