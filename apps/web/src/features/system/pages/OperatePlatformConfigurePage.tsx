import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/platform/configure: Configuration. Platform settings such as acceptance and decision deadlines, the
 * holiday calendar and external system addresses.
 */
export default function OperatePlatformConfigurePage() {
  return <RoutePage kind="form" />;
}
