import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /govermentChain/chain/importFail: Failed imports. Chain enterprises that failed to import, with the reasons;
 * correct and register them again.
 */
export default function GovChainImportFailPage() {
  return <RoutePage kind="list" />;
}
