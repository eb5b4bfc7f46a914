import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /countryside-develop/farmer-base-info: Farmer records. Summary records of farmers and new agricultural entities
 * and the credit granted to them. ID and phone numbers are masked.
 */
export default function FarmerBaseInfoPage() {
  return <RoutePage kind="list" />;
}
