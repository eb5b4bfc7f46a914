import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useChainArticleChains } from '../api/admin-chain-options.ts';
import { ArticleAdminScreen } from '../components/editor/ArticleAdminScreen.tsx';

/**
 * /operateClient/chain/article: the chain articles (docs/chains.md "Web"), written with the one article machinery:
 * the article screen fixed to channel `chain`, each article tied to a chain (industrialChainId).
 */
export default function OperateChainArticlePage() {
  const { t } = useTranslation('content');
  const chains = useChainArticleChains();
  if (chains.isPending) {
    return (
      <RoutePage>
        <Skeleton active paragraph={{ rows: 8 }} />
      </RoutePage>
    );
  }
  if (chains.isError) {
    return (
      <RoutePage>
        <Result status="warning" title={t('article.loadFailed')} />
      </RoutePage>
    );
  }
  return <ArticleAdminScreen scope={{ channel: 'chain', chains: chains.data }} />;
}
