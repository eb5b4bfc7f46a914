import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/chain/industry-chain: Industrial chains. Maintain industrial chains: name, category, region,
 * description, member institutions and managers.
 */
export default function OperateIndustryChainPage() {
  return <RoutePage kind="list" />;
}
