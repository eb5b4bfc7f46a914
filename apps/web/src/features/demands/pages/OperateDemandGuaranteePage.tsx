import { OperateDemandScreen } from '../components/OperateDemandScreen.tsx';

/**
 * /operateClient/demand/guarantee: Guarantee demands. Guarantee demands addressed to guarantee companies, and how
 * far each has got.
 */
export default function OperateDemandGuaranteePage() {
  return <OperateDemandScreen view="guarantee" />;
}
