import { useState } from 'react';
import { App, Button, Col, Drawer, Form, Image, Input, Row, Select, Space, Tabs, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import type { ChainCategory, ChainDetail } from '@phjr/contract/chains/chain';
import { MAX_UPLOAD_BYTES, fileViewUrl } from '@phjr/contract/files/upload';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useEnum } from '../../../lib/enums.ts';
import { districtsOf, useRegions } from '../../../components/use-regions.ts';
import { DrawerActions } from '../../../components/DrawerActions.tsx';
import { uploadChainFile, useChainDetail, useSaveChain } from '../api/chains.ts';
import { ChainOrgsForm } from './ChainOrgsForm.tsx';
import { ChainManagersForm } from './ChainManagersForm.tsx';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/**
 * The operator's chain drawer: basics (chainOps.save), organisations (saveOrgs) and managers (saveManagers), one tab
 * each, each saved by its own call. A new chain gets its organisations and managers once its basics are saved.
 *
 *   <ChainFormDrawer target={{ id: null }} onClose={close} />                 // create
 *   <ChainFormDrawer target={{ id: row.id, tab: 'orgs' }} onClose={close} />  // edit, opened on a tab
 *
 * The tabs shown follow the row's `actions` (edit, editOrgs, editManagers), passed as `allowed`.
 */

export type ChainTab = 'basics' | 'orgs' | 'managers';
export interface ChainFormTarget {
  id: number | null;
  tab?: ChainTab;
  /** The row's actions; a new chain may do everything. */
  allowed?: readonly string[];
}

export function ChainFormDrawer({ target, onClose }: { target: ChainFormTarget | null; onClose(): void }) {
  const { t } = useTranslation('chains');
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [tab, setTab] = useState<ChainTab>('basics');
  const [openedFor, setOpenedFor] = useState<ChainFormTarget | null>(null);
  // A new target opens on its tab (state reset while rendering, React's pattern for a prop change).
  if (target !== openedFor) {
    setOpenedFor(target);
    setCreatedId(null);
    setTab(target?.tab ?? 'basics');
  }
  const id = target?.id ?? createdId;
  const detail = useChainDetail(target ? id : null);
  const chain = detail.data ?? null;
  const allowed = target?.id
    ? (target.allowed ?? ['edit', 'editOrgs', 'editManagers'])
    : ['edit', 'editOrgs', 'editManagers'];
  const title = target?.id
    ? `${t('chainPage.editTitle')}${chain ? ` · ${chain.name}` : ''}`
    : t('chainPage.createTitle');

  return (
    <Drawer open={target !== null} onClose={onClose} title={title} size="min(860px, 100vw)" destroyOnHidden>
      {target ? (
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as ChainTab)}
          items={[
            {
              key: 'basics',
              label: t('chainPage.basics'),
              disabled: !allowed.includes('edit'),
              children:
                id !== null && !chain ? null : (
                  <ChainBasicsForm
                    chain={chain}
                    onClose={onClose}
                    onCreated={(c) => {
                      setCreatedId(c.id);
                      setTab('orgs');
                    }}
                  />
                ),
            },
            {
              key: 'orgs',
              label: t('fields.orgs'),
              disabled: id === null || !allowed.includes('editOrgs'),
              children: chain ? <ChainOrgsForm chain={chain} onSaved={() => setTab('managers')} /> : null,
            },
            {
              key: 'managers',
              label: t('fields.managers'),
              disabled: id === null || !allowed.includes('editManagers'),
              children: chain ? <ChainManagersForm chain={chain} onSaved={onClose} /> : null,
            },
          ]}
        />
      ) : null}
    </Drawer>
  );
}

interface BasicsValues {
  name: string;
  category: ChainCategory;
  regionCode: string;
  description?: string;
  tiers: { UPSTREAM?: string; MIDSTREAM?: string; DOWNSTREAM?: string };
  leadEnterprises?: string[];
  coverFileId?: string | null;
}

function ChainBasicsForm({
  chain,
  onClose,
  onCreated,
}: {
  chain: ChainDetail | null;
  onClose(): void;
  onCreated(c: ChainDetail): void;
}) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const [form] = Form.useForm<BasicsValues>();
  const rules = useFormRules(chainOps.save.body);
  const save = useSaveChain();
  const category = useEnum('ChainCategory');
  const regions = useRegions();
  const [coverUrl, setCoverUrl] = useState<string | null>(chain?.coverUrl ?? null);
  const [uploading, setUploading] = useState(false);

  async function submit() {
    const v = await form.validateFields();
    const saved = await save.mutateAsync({
      ...(chain ? { id: chain.id } : {}),
      name: v.name.trim(),
      category: v.category,
      regionCode: v.regionCode,
      description: (v.description ?? '').trim(),
      tiers: {
        UPSTREAM: (v.tiers.UPSTREAM ?? '').trim(),
        MIDSTREAM: (v.tiers.MIDSTREAM ?? '').trim(),
        DOWNSTREAM: (v.tiers.DOWNSTREAM ?? '').trim(),
      },
      leadEnterprises: (v.leadEnterprises ?? []).map((s) => s.trim()).filter(Boolean),
      coverFileId: v.coverFileId ?? null,
    });
    if (chain) {
      void message.success(t('done.saved'));
      onClose();
    } else {
      void message.success(t('done.created', { name: saved.name }));
      onCreated(saved);
    }
  }

  const initial: Partial<BasicsValues> = chain
    ? {
        name: chain.name,
        category: chain.category,
        regionCode: chain.regionCode,
        description: chain.description,
        tiers: chain.tiers,
        leadEnterprises: chain.leadEnterprises,
        coverFileId: chain.coverFileId,
      }
    : { tiers: {}, leadEnterprises: [], coverFileId: null };

  return (
    <Form<BasicsValues> form={form} name="chain-basics" layout="vertical" requiredMark initialValues={initial}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('fields.name')} rules={rules('name', t('fields.name'))}>
            <Input maxLength={40} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="category" label={t('fields.category')} rules={rules('category', t('fields.category'))}>
            <Select options={category.options} placeholder={t('placeholders.select')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="regionCode"
            label={t('fields.region')}
            rules={rules('regionCode', t('fields.region'), { choice: true })}
          >
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('placeholders.select')}
              options={[...(regions.data ?? []).filter((r) => r.parentCode === null), ...districtsOf(regions.data)].map(
                (r) => ({ value: r.code, label: r.name }),
              )}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="description"
        label={t('fields.description')}
        rules={rules('description', t('fields.description'))}
      >
        <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
      <fieldset className="phjr-chain-fieldset">
        <legend>{t('chainPage.tiersTitle')}</legend>
        <Row gutter={16}>
          {(['UPSTREAM', 'MIDSTREAM', 'DOWNSTREAM'] as const).map((tier) => (
            <Col xs={24} md={8} key={tier}>
              <Form.Item
                name={['tiers', tier]}
                label={t(`tier.${tier}`)}
                rules={rules(['tiers', tier], t(`tier.${tier}`))}
              >
                <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('hints.tier')} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </fieldset>
      <Form.Item
        name="leadEnterprises"
        label={t('fields.leadEnterprises')}
        extra={t('hints.leadEnterprises')}
        rules={rules('leadEnterprises', t('fields.leadEnterprises'))}
      >
        <Select mode="tags" tokenSeparators={['，', ',', '、']} open={false} suffixIcon={null} maxCount={20} />
      </Form.Item>
      <Form.Item
        name="coverFileId"
        label={t('fields.cover')}
        extra={t('hints.cover')}
        rules={rules('coverFileId', t('fields.cover'), { choice: true })}
      >
        <CoverInput
          url={coverUrl}
          uploading={uploading}
          onPick={async (file) => {
            if (file.size > MAX_UPLOAD_BYTES) {
              void message.error(t('import.fileSize'));
              return;
            }
            setUploading(true);
            try {
              const f = await uploadChainFile(file, 'PUBLIC');
              form.setFieldValue('coverFileId', f.id);
              setCoverUrl(fileViewUrl(f.id));
            } catch {
              // Shown by the request layer.
            } finally {
              setUploading(false);
            }
          }}
          onClear={() => {
            form.setFieldValue('coverFileId', null);
            setCoverUrl(null);
          }}
        />
      </Form.Item>
      <DrawerActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          type="primary"
          loading={save.isPending}
          disabled={uploading}
          onClick={() => void submit().catch(() => undefined)}
        >
          {t('actions.save')}
        </Button>
      </DrawerActions>
    </Form>
  );
}

/** The cover picker: the picture when there is one, upload / replace and remove. */
function CoverInput({
  url,
  uploading,
  onPick,
  onClear,
}: {
  url: string | null;
  uploading: boolean;
  onPick(file: File): Promise<void>;
  onClear(): void;
}) {
  const { t } = useTranslation('chains');
  return (
    <Space align="start" wrap>
      {url ? (
        <Image
          src={url}
          alt={t('fields.cover')}
          width={200}
          height={112}
          style={{ objectFit: 'cover', borderRadius: 6 }}
        />
      ) : null}
      <Space direction="vertical">
        <Upload
          accept="image/png,image/jpeg"
          showUploadList={false}
          beforeUpload={(f) => {
            void onPick(f);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('fields.cover')}
          </Button>
        </Upload>
        {url ? (
          <Button icon={<DeleteOutlined />} onClick={onClear}>
            {t('actions.remove')}
          </Button>
        ) : null}
      </Space>
    </Space>
  );
}
