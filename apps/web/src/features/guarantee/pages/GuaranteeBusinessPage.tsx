import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /guaranteePlatform/guarantee: Guarantee business. Handle guarantee demands addressed to your company: accept,
 * issue the guarantee and choose the partner bank.
 */
export default function GuaranteeBusinessPage() {
  return <RoutePage kind="list" />;
}
