import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /creditSearch: Credit query. Look up an enterprise by name or unified social credit code: registry details,
 * financing on the platform and public credit information. Full details are shown only to the enterprise and
 * institutions it authorised; every institutional query is logged.
 */
export default function CreditSearchPage() {
  return <RoutePage kind="list" />;
}
