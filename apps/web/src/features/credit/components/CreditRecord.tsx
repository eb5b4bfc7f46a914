import type { ReactNode } from 'react';
import { Card, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreditPublicSubject, CreditReport, CreditSubject } from '@phjr/contract/credit/credit';
import { StateTag } from '../../../components/StateTag.tsx';
import { formatAmount, formatCount, formatDate, formatRate } from '../../../lib/format.ts';
import './credit.css';

/**
 * An enterprise's record: the public part (registry facts public by law, and its public record on the platform: an
 * account, a recovered shelter case it agreed to make public) and, for the enterprise itself or an institution under
 * consent, the full report (contact, the products it borrowed under and its loans granted, demands and loans with
 * amounts, chain and farmer-data membership, shelter cases). Only what the server sent is drawn.
 */

const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '-' : v);

/** The registry facts of an enterprise (public). */
export function RegistryDetails({ subject, column = 2 }: { subject: CreditPublicSubject; column?: number }) {
  const { t } = useTranslation('credit');
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 1, md: column }} bordered className="phjr-credit-registry">
      <Descriptions.Item label={t('registry.creditCode')}>
        <Typography.Text copyable={{ text: subject.creditCode }} className="phjr-credit-code">
          {subject.creditCode}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('registry.status')}>{dash(subject.status)}</Descriptions.Item>
      <Descriptions.Item label={t('registry.legalRep')}>{dash(subject.legalRep)}</Descriptions.Item>
      <Descriptions.Item label={t('registry.registeredCapital')}>
        {subject.registeredCapital === null ? '-' : t('units.wanValue', { n: formatAmount(subject.registeredCapital) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('registry.establishedOn')}>{dash(subject.establishedOn)}</Descriptions.Item>
      <Descriptions.Item label={t('registry.industry')}>{dash(subject.industry)}</Descriptions.Item>
      <Descriptions.Item label={t('registry.region')}>{dash(subject.regionName)}</Descriptions.Item>
      <Descriptions.Item label={t('registry.address')}>{dash(subject.address)}</Descriptions.Item>
      <Descriptions.Item label={t('registry.businessScope')} span="filled">
        <Typography.Paragraph ellipsis={{ rows: 3, expandable: true, symbol: t('actions.more') }} style={{ margin: 0 }}>
          {dash(subject.businessScope)}
        </Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The record on the platform: an account and a public recovered shelter case (anyone); with the full record, also
 * the products it borrowed under and its loans granted (a count), which the public search never carries.
 */
export function PlatformRecord({ subject }: { subject: CreditPublicSubject | CreditSubject }) {
  const { t } = useTranslation('credit');
  const lending = 'loansGranted' in subject ? subject : null;
  return (
    <dl className="phjr-credit-facts">
      <div>
        <dt>{t('record.onPlatform')}</dt>
        <dd>
          {subject.onPlatform ? (
            <Tag color="blue">{t('record.registered')}</Tag>
          ) : (
            <Typography.Text type="secondary">{t('record.notRegistered')}</Typography.Text>
          )}
        </dd>
      </div>
      {lending ? (
        <>
          <div>
            <dt>{t('record.loansGranted')}</dt>
            <dd className="phjr-credit-number">{formatCount(lending.loansGranted)}</dd>
          </div>
          <div className="is-wide">
            <dt>{t('record.products')}</dt>
            <dd>
              {lending.products.length === 0 ? (
                <Typography.Text type="secondary">{t('record.noProducts')}</Typography.Text>
              ) : (
                <Space size={[4, 4]} wrap>
                  {lending.products.map((p) => (
                    <Tag key={p}>{p}</Tag>
                  ))}
                </Space>
              )}
            </dd>
          </div>
        </>
      ) : null}
      <div className="is-wide">
        <dt>{t('record.shelter')}</dt>
        <dd>
          {subject.shelter ? (
            <Tag color="green">{t('record.shelterRecovered', { day: subject.shelter.exitedOn ?? '-' })}</Tag>
          ) : (
            <Typography.Text type="secondary">{t('record.shelterNone')}</Typography.Text>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** The full report: what the public sees, then the particulars only the enterprise and consented institutions read. */
export function CreditReportView({ report, extra }: { report: CreditReport; extra?: ReactNode }) {
  const { t } = useTranslation('credit');
  const { subject } = report;
  return (
    <div className="phjr-credit-report">
      <header className="phjr-credit-report-head">
        <div>
          <h2>{subject.name}</h2>
          <Typography.Text type="secondary">{subject.creditCode}</Typography.Text>
        </div>
        {extra}
      </header>
      <Section title={t('report.registry')}>
        <RegistryDetails subject={subject} />
      </Section>
      <Section title={t('report.contact')}>
        {report.contact ? (
          <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
            <Descriptions.Item label={t('report.accountName')}>{dash(report.contact.accountName)}</Descriptions.Item>
            <Descriptions.Item label={t('report.phone')}>{dash(report.contact.phone)}</Descriptions.Item>
            <Descriptions.Item label={t('report.certified')}>
              {report.contact.certified ? t('report.yes') : t('report.no')}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">{t('report.noAccount')}</Typography.Text>
        )}
      </Section>
      <Section title={t('report.platformRecord')}>
        <PlatformRecord subject={subject} />
      </Section>
      <Section title={t('report.loans', { n: report.loans.length })}>
        <Table
          size="small"
          rowKey={(l) => `${l.source}-${l.orgName}-${l.grantedOn}-${l.amount}`}
          pagination={false}
          dataSource={report.loans}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('report.noLoans') }}
          columns={[
            { title: t('report.grantedOn'), dataIndex: 'grantedOn', width: 110, render: (v: string | null) => dash(v) },
            { title: t('report.org'), dataIndex: 'orgName', ellipsis: true, render: (v: string | null) => dash(v) },
            {
              title: t('report.product'),
              dataIndex: 'productName',
              ellipsis: true,
              render: (v: string | null) => dash(v),
            },
            {
              title: t('report.amount'),
              dataIndex: 'amount',
              width: 130,
              align: 'right',
              render: (v: number) => t('units.wanValue', { n: formatAmount(v) }),
            },
            {
              title: t('report.rate'),
              dataIndex: 'rate',
              width: 90,
              align: 'right',
              render: (v: number | null) => formatRate(v),
            },
            {
              title: t('report.term'),
              dataIndex: 'term',
              width: 110,
              align: 'right',
              className: 'phjr-credit-nowrap',
              render: (v: number | null) => (v === null ? '-' : t('units.months', { n: v })),
            },
            {
              title: t('report.source'),
              dataIndex: 'source',
              width: 100,
              render: (v: 'DEMAND' | 'CHAIN') => t(`report.loanSource.${v}`),
            },
          ]}
        />
      </Section>
      <Section title={t('report.demands', { n: report.demands.length })}>
        <Table
          size="small"
          rowKey="id"
          pagination={report.demands.length > 10 ? { pageSize: 10, size: 'small' } : false}
          dataSource={report.demands}
          scroll={{ x: 820 }}
          locale={{ emptyText: t('report.noDemands') }}
          columns={[
            { title: t('report.demandCode'), dataIndex: 'code', width: 170, className: 'phjr-credit-nowrap' },
            { title: t('report.createdAt'), dataIndex: 'createdAt', width: 110, render: (v: string) => formatDate(v) },
            {
              title: t('report.demandType'),
              dataIndex: 'type',
              width: 110,
              render: (v: string) => t(`report.demandTypes.${v}`, { defaultValue: v }),
            },
            { title: t('report.org'), dataIndex: 'orgName', ellipsis: true, render: (v: string | null) => dash(v) },
            {
              title: t('report.amount'),
              dataIndex: 'amount',
              width: 130,
              align: 'right',
              render: (v: number) => t('units.wanValue', { n: formatAmount(v) }),
            },
            {
              title: t('report.term'),
              dataIndex: 'term',
              width: 110,
              align: 'right',
              className: 'phjr-credit-nowrap',
              render: (v: number) => t('units.months', { n: v }),
            },
            {
              title: t('report.status'),
              dataIndex: 'status',
              width: 100,
              render: (v: string) => <StateTag state={v} />,
            },
          ]}
        />
      </Section>
      <div className="phjr-credit-report-pair">
        <Section title={t('report.chains')}>
          {report.chains.length === 0 ? (
            <Typography.Text type="secondary">{t('report.noChains')}</Typography.Text>
          ) : (
            <Space size={[6, 6]} wrap>
              {report.chains.map((c) => (
                <Tag key={c.chainId} color="geekblue">
                  {c.chainName} · {t(`report.tier.${c.tier}`, { defaultValue: c.tier })}
                </Tag>
              ))}
            </Space>
          )}
        </Section>
        <Section title={t('report.farmer')}>
          {report.farmer ? (
            <Space size={[6, 6]} wrap>
              <Tag color="green">
                {t(`report.entityType.${report.farmer.entityType}`, { defaultValue: report.farmer.entityType })}
              </Tag>
              <span>{dash(report.farmer.regionName)}</span>
              <span>
                {t('report.rating')}: {dash(report.farmer.rating)}
              </span>
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('report.noFarmer')}</Typography.Text>
          )}
        </Section>
      </div>
      <Section title={t('report.shelterCases')}>
        {report.shelter.length === 0 ? (
          <Typography.Text type="secondary">{t('report.noShelter')}</Typography.Text>
        ) : (
          <Space direction="vertical" size={4}>
            {report.shelter.map((s) => (
              <span key={s.id}>
                <StateTag state={s.status} /> {t('report.appliedOn')} {dash(s.appliedOn)}
                {s.exitedOn ? ` · ${t('report.exitedOn')} ${s.exitedOn}` : ''}
              </span>
            ))}
          </Space>
        )}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="phjr-credit-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** The record is empty: nothing found or not loaded. */
export function NoRecord({ text }: { text: string }) {
  return (
    <Card variant="borderless" className="phjr-page-card">
      <Empty description={text} />
    </Card>
  );
}
