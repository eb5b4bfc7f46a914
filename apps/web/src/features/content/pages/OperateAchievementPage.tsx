import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/door/achievement: Achievements. Maintain the cases and results shown under Achievements on the
 * portal.
 */
export default function OperateAchievementPage() {
  return <RoutePage kind="list" />;
}
