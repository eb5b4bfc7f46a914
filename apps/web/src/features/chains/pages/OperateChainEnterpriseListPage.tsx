import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/chain/list: Chain enterprises. Chain enterprises of every chain; import them by Excel (validated
 * before anything is saved).
 */
export default function OperateChainEnterpriseListPage() {
  return <RoutePage kind="list" />;
}
