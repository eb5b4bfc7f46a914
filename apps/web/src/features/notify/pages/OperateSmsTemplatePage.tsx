import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/platform/sms: SMS templates. SMS notification templates and their placeholders; switch each on or
 * off.
 */
export default function OperateSmsTemplatePage() {
  return <RoutePage kind="list" />;
}
