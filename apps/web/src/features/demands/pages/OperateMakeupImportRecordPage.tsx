import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/demand/makeup/importRecord: Back-fill import records. Each back-fill import: file, rows, succeeded,
 * failed, who and when, and the reason for every failed row.
 */
export default function OperateMakeupImportRecordPage() {
  return <RoutePage kind="list" />;
}
