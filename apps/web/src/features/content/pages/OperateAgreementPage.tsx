import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/door/agreement: Agreements. Edit the user agreement and privacy policy. Each change makes a new
 * version; registration shows the latest.
 */
export default function OperateAgreementPage() {
  return <RoutePage kind="list" />;
}
