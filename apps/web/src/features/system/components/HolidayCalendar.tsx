import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Holiday, HolidayKind } from '@phjr/contract/system/holidays';
import { systemOps } from '@phjr/contract/system/system-ops';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useEnum } from '../../../lib/enums.ts';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { beijingYear, pickerDay } from '../../../lib/format.ts';
import { useHolidays, useRemoveHoliday, useSaveHoliday } from '../api/settings.ts';

interface EditValues {
  day: Dayjs;
  kind: HolidayKind;
  name: string;
}

const isWeekend = (d: Dayjs) => d.day() === 0 || d.day() === 6;

/** Platform → configure, second tab: the holiday calendar of one year (exceptions to Monday–Friday). */
export function HolidayCalendar() {
  const { t } = useTranslation('platform');
  const { message } = App.useApp();
  const thisYear = beijingYear();
  const [year, setYear] = useState(thisYear);
  // What the dialog edits; kept while it closes, so its title and fields do not change during the animation.
  const [editing, setEditing] = useState<Holiday | 'new'>('new');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [form] = Form.useForm<EditValues>();
  const rules = useFormRules(systemOps.saveHoliday.body);
  const list = useHolidays(year);
  const save = useSaveHoliday();
  const remove = useRemoveHoliday();
  const kinds = useEnum('HolidayKind');
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const [tablePage, setTablePage] = useState(1);
  // After a save, show the page holding the saved day, and mark its row.
  const [focusDay, setFocusDay] = useState<string | null>(null);
  useEffect(() => {
    const i = focusDay ? rows.findIndex((r) => r.day === focusDay) : -1;
    if (i >= 0) setTablePage(Math.floor(i / 10) + 1);
  }, [focusDay, rows]);

  function openEditor(h: Holiday | 'new') {
    setEditing(h);
    setDialogOpen(true);
    form.setFieldsValue(
      h === 'new'
        ? { day: undefined, kind: 'HOLIDAY', name: '' }
        : { day: pickerDay(h.day), kind: h.kind, name: h.name },
    );
  }

  async function submit() {
    const v = await form.validateFields();
    const day = v.day.format('YYYY-MM-DD');
    await save.mutateAsync({ day, kind: v.kind, name: v.name.trim() });
    void message.success(t('holidays.saved'));
    setDialogOpen(false);
    setFocusDay(day);
    if (v.day.year() !== year) setYear(v.day.year());
  }

  const weekdayName = (day: string) => pickerDay(day).format('dddd');

  return (
    <>
      <Alert type="info" showIcon message={t('holidays.hint')} style={{ marginBottom: 12 }} />
      <div className="phjr-holiday-toolbar">
        <Space wrap>
          <span>{t('holidays.year')}</span>
          <Select
            value={year}
            onChange={(y) => {
              setYear(y);
              setTablePage(1);
            }}
            style={{ width: 110 }}
            aria-label={t('holidays.year')}
            options={[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((y) => ({ value: y, label: String(y) }))}
          />
          <Typography.Text type="secondary">
            {t('holidays.summary', {
              year,
              holidays: rows.filter((r) => r.kind === 'HOLIDAY').length,
              workdays: rows.filter((r) => r.kind === 'WORKDAY').length,
            })}
          </Typography.Text>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor('new')}>
          {t('holidays.add')}
        </Button>
      </div>
      <Table<Holiday>
        rowKey="day"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        locale={{ emptyText: t('holidays.empty') }}
        rowClassName={(h) => (h.day === focusDay ? 'phjr-holiday-focus' : '')}
        pagination={{
          current: tablePage,
          onChange: setTablePage,
          pageSize: 10,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: t('holidays.day'), dataIndex: 'day', width: 140 },
          { title: t('holidays.weekday'), dataIndex: 'day', key: 'weekday', width: 120, render: weekdayName },
          {
            title: t('holidays.kind'),
            dataIndex: 'kind',
            width: 160,
            render: (k: HolidayKind) => <Tag color={k === 'HOLIDAY' ? 'red' : 'blue'}>{kinds.label(k)}</Tag>,
          },
          { title: t('holidays.name'), dataIndex: 'name' },
          {
            title: t('holidays.actions'),
            key: 'actions',
            width: 160,
            render: (_: unknown, h) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => openEditor(h)}>
                  {t('holidays.edit')}
                </Button>
                <Popconfirm
                  title={t('holidays.removeConfirm', { day: h.day })}
                  onConfirm={async () => {
                    await remove.mutateAsync(h.day);
                    void message.success(t('holidays.removed'));
                  }}
                >
                  <Button type="link" size="small" danger>
                    {t('holidays.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={editing === 'new' ? t('holidays.addTitle') : t('holidays.editTitle', { day: editing.day })}
        open={dialogOpen}
        onCancel={() => setDialogOpen(false)}
        onOk={() => void submit().catch(() => undefined)}
        confirmLoading={save.isPending}
        destroyOnHidden
        forceRender
      >
        <Form<EditValues> form={form} layout="vertical">
          <Form.Item
            name="day"
            label={t('holidays.day')}
            rules={rules('day', t('holidays.day'), {
              toRequest: (d) => (d as Dayjs | undefined)?.format('YYYY-MM-DD'),
            })}
          >
            <BeijingDatePicker style={{ width: '100%' }} disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item
            name="kind"
            label={t('holidays.kind')}
            extra={t('holidays.kindHelp')}
            dependencies={['day']}
            rules={[
              ...rules('kind', t('holidays.kind')),
              ({ getFieldValue }) => ({
                validator: async (_r, v: HolidayKind) => {
                  const d = getFieldValue('day') as Dayjs | undefined;
                  if (v === 'WORKDAY' && d && !isWeekend(d)) throw new Error(t('holidays.workdayOnWeekday'));
                },
              }),
            ]}
          >
            <Radio.Group
              options={
                kinds.options.length
                  ? kinds.options
                  : [
                      { value: 'HOLIDAY', label: 'HOLIDAY' },
                      { value: 'WORKDAY', label: 'WORKDAY' },
                    ]
              }
            />
          </Form.Item>
          <Form.Item name="name" label={t('holidays.name')} rules={rules('name', t('holidays.name'))}>
            <Input placeholder={t('holidays.namePlaceholder')} maxLength={40} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
