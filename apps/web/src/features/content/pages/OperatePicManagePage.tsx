import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/door/picManage: Images. Manage home banners and system images: place, order, link and whether they
 * are active.
 */
export default function OperatePicManagePage() {
  return <RoutePage kind="list" />;
}
