import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/platform/audit: the audit log search
 *
 */
export default function OperateAuditLogPage() {
  return <RoutePage kind="form" />;
}
