import { Empty } from 'antd';

/**
 * What an empty picker says (issue 30: it said only 暂无数据): what is missing and what to do about it, e.g.
 * 暂无可选的产业链，请先新建产业链。 Pass it as a Select's `notFoundContent` (null while its options load).
 *
 *   <Select notFoundContent={chains.isFetching ? null : <PickerEmpty text={t('pickers.noChain')} />} … />
 */
export function PickerEmpty({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid="picker-empty" style={{ margin: '8px 0' }} />;
}
