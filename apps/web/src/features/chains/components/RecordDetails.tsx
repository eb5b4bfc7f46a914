import { useState, type ReactNode } from 'react';
import { Button, Descriptions, Image, Result, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import type { ChainLoan, ChainVisit } from '@phjr/contract/chains/chain';
import { fileLinkExpired } from '@phjr/contract/files/file-link';
import { RequestError } from '../../../lib/request.ts';
import { useEnum } from '../../../lib/enums.ts';
import { formatAmount, formatDate, formatDateTime, formatRate } from '../../../lib/format.ts';
import { useChainLoan, useChainVisit } from '../api/chains.ts';
import { idParam } from './chain-model.ts';
import './chains.css';

/**
 * The visit and loan detail views, the same in the operator's, the bank's and the government's client.
 *
 *   <VisitDetailScreen />   // a detail page: reads ?id= from the address, loads chainOps.visitDetail, back button
 *   <LoanDetailScreen />    // the same with chainOps.loanDetail (?id= is sent as recordId)
 *   <VisitDescriptions visit={v} />  <LoanDescriptions loan={l} />   // the record alone (a drawer, a card)
 *
 * A record outside the caller's scope answers 404 (docs/chains.md): shown as "does not exist or you may not see it".
 */

function isNotFound(err: unknown): boolean {
  return (
    err instanceof RequestError &&
    ((err.kind === 'http' && err.status === 404) || /NOT_FOUND/.test(err.info?.errorCode ?? ''))
  );
}

function useIdFromAddress(): number | null {
  const [params] = useSearchParams();
  return idParam(params.get('id'));
}

function BackButton() {
  const { t } = useTranslation('chains');
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
      {t('detail.back')}
    </Button>
  );
}

function DetailFrame({
  loading,
  error,
  notFoundText,
  children,
}: {
  loading: boolean;
  error: unknown;
  notFoundText: string;
  children: ReactNode;
}) {
  if (loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error) return <Result status={isNotFound(error) ? '404' : 'error'} title={notFoundText} extra={<BackButton />} />;
  return (
    <>
      {children}
      <div style={{ marginTop: 16 }}>
        <BackButton />
      </div>
    </>
  );
}

/**
 * A visit's photo by its link signed for the reader (docs/security.md "Private files (issue 30)"); a photo that does
 * not load says why in its place: the link expired (a reload brings a new one) or it cannot be shown.
 */
function VisitPhoto({ photo }: { photo: ChainVisit['photos'][number] }) {
  const { t } = useTranslation('common');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className="phjr-chain-photo-failed" role="img" aria-label={photo.name}>
        {fileLinkExpired(photo.url) ? t('files.photoExpired') : t('files.photoFailed')}
      </div>
    );
  }
  return (
    <Image
      src={photo.url}
      alt={photo.name}
      width={104}
      height={104}
      style={{ objectFit: 'cover', borderRadius: 6 }}
      onError={() => setFailed(true)}
    />
  );
}

export function VisitDescriptions({ visit }: { visit: ChainVisit }) {
  const { t } = useTranslation('chains');
  const intention = useEnum('VisitIntention');
  const result = useEnum('VisitResult');
  const reason = useEnum('NoLoanReason');
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} styles={{ label: { width: 140 } }}>
      <Descriptions.Item label={t('visit.enterprise')}>
        {visit.enterpriseName}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {visit.creditCode}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.chain')}>{visit.chainName}</Descriptions.Item>
      <Descriptions.Item label={t('visit.org')}>{visit.orgName}</Descriptions.Item>
      <Descriptions.Item label={t('visit.visitDate')}>{formatDate(visit.visitDate)}</Descriptions.Item>
      <Descriptions.Item label={t('visit.staff')}>{visit.staff}</Descriptions.Item>
      <Descriptions.Item label={t('visit.intention')}>{intention.label(visit.intention)}</Descriptions.Item>
      <Descriptions.Item label={t('visit.intendedAmount')}>
        {visit.intendedAmount === null ? '-' : t('units.wanValue', { n: formatAmount(visit.intendedAmount) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('visit.result')}>
        {result.label(visit.result)}
        {visit.noLoanReason ? t('visit.resultWithReason', { reason: reason.label(visit.noLoanReason) }) : ''}
      </Descriptions.Item>
      <Descriptions.Item label={t('visit.content')} span={{ xs: 1, md: 2 }}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{visit.content}</Typography.Paragraph>
      </Descriptions.Item>
      <Descriptions.Item label={t('visit.photos')} span={{ xs: 1, md: 2 }}>
        {visit.photos.length ? (
          <Image.PreviewGroup>
            <div className="phjr-chain-photos">
              {visit.photos.map((p) => (
                <VisitPhoto key={p.url} photo={p} />
              ))}
            </div>
          </Image.PreviewGroup>
        ) : (
          <Typography.Text type="secondary">{t('visit.noPhotos')}</Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('visit.createdBy')}>{visit.createdBy ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('visit.createdAt')}>{formatDateTime(visit.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}

export function LoanDescriptions({ loan }: { loan: ChainLoan }) {
  const { t } = useTranslation('chains');
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} styles={{ label: { width: 140 } }}>
      <Descriptions.Item label={t('loan.enterprise')}>
        {loan.enterpriseName}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {loan.creditCode}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.chain')}>{loan.chainName}</Descriptions.Item>
      <Descriptions.Item label={t('loan.org')}>{loan.orgName}</Descriptions.Item>
      <Descriptions.Item label={t('loan.loanDate')}>{formatDate(loan.loanDate)}</Descriptions.Item>
      <Descriptions.Item label={t('loan.amount')}>
        {t('units.wanValue', { n: formatAmount(loan.amount) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('loan.rate')}>{formatRate(loan.rate)}</Descriptions.Item>
      <Descriptions.Item label={t('loan.term')}>{t('units.monthsValue', { n: loan.term })}</Descriptions.Item>
      <Descriptions.Item label={t('loan.product')}>{loan.productName ?? t('loan.noProduct')}</Descriptions.Item>
      <Descriptions.Item label={t('loan.createdBy')}>{loan.createdBy ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('loan.createdAt')}>{formatDateTime(loan.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}

/** A visit's detail page body (inside RoutePage): ?id= from the address. */
export function VisitDetailScreen() {
  const { t } = useTranslation('chains');
  const id = useIdFromAddress();
  const q = useChainVisit(id);
  return (
    <section className="phjr-panel" aria-label={t('visit.detailTitle')}>
      {id === null ? (
        <Result status="warning" title={t('detail.missingId')} extra={<BackButton />} />
      ) : (
        <DetailFrame loading={q.isLoading} error={q.error} notFoundText={t('visit.notFound')}>
          {q.data ? <VisitDescriptions visit={q.data} /> : null}
        </DetailFrame>
      )}
    </section>
  );
}

/** A loan's detail page body (inside RoutePage): ?id= from the address (sent as `recordId`). */
export function LoanDetailScreen() {
  const { t } = useTranslation('chains');
  const id = useIdFromAddress();
  const q = useChainLoan(id);
  return (
    <section className="phjr-panel" aria-label={t('loan.detailTitle')}>
      {id === null ? (
        <Result status="warning" title={t('detail.missingId')} extra={<BackButton />} />
      ) : (
        <DetailFrame loading={q.isLoading} error={q.error} notFoundText={t('loan.notFound')}>
          {q.data ? <LoanDescriptions loan={q.data} /> : null}
        </DetailFrame>
      )}
    </section>
  );
}
