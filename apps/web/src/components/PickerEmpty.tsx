import { Empty } from 'antd';

/**
 * What an empty picker says (issue 30: it said only 暂无数据): what is missing and what to do about it, e.g.
 * 暂无可选的产业链，请先新建产业链。 Pass it as a Select's `notFoundContent` (null while its options load).
 *
 *   <Select notFoundContent={chains.isFetching ? null : <PickerEmpty text={t('pickers.noChain')} />} … />
 *   <Select notFoundContent={pickerEmpty(t('common:pickers.noBank'), banks.isFetching)} … />
 *
 * The texts of pickers whose options come from the server are in locales/<lang>/common.ts `pickers`.
 */
export function PickerEmpty({ text }: { text: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={text}
      data-testid="picker-empty"
      style={{ margin: '8px 0' }}
    />
  );
}

/** A picker's `notFoundContent`: nothing while its options load, else what is missing and what to do. */
export function pickerEmpty(text: string, loading = false) {
  return loading ? null : <PickerEmpty text={text} />;
}
