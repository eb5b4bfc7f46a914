import { RoutePage } from '../../../components/RoutePage.tsx';
import { ProductReviewScreen } from '../components/manage/ProductReviewScreen.tsx';

/**
 * /operateClient/product: the review queue of products submitted by banks and guarantee companies (list them, or
 * reject with a reason), and every product with filters: delist, edit, the detail with its history.
 */
export default function OperateProductPage() {
  return (
    <RoutePage>
      <ProductReviewScreen />
    </RoutePage>
  );
}
