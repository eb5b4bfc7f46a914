import { OperateDemandScreen } from '../components/OperateDemandScreen.tsx';

/** /operateClient/demand/public: Public demands. Every public demand of the city, how far each has got. */
export default function OperateDemandPublicPage() {
  return <OperateDemandScreen view="public" />;
}
