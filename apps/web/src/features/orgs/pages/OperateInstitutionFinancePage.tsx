import { BankTreeScreen } from '../components/BankTreeScreen.tsx';

/**
 * /operateClient/institution/finance: Financial institutions. Banks on the platform as a tree of head offices,
 * branches and sub-branches with the regions they serve.
 */
export default function OperateInstitutionFinancePage() {
  return <BankTreeScreen />;
}
