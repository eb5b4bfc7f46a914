import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import { beijingNowValue } from './format.ts';

/**
 * antd's DatePicker (and RangePicker) on the platform's calendar (issue 13): its "today" cell, its 今天/此刻 button and
 * the month it opens on follow Beijing time, not the browser's clock. antd's own picker asks dayjs() for now, so on a
 * browser in UTC after 16:00 its 今天 picked yesterday's date, which the server refused for a demand posted today.
 * Values stay local dayjs objects whose fields are the picked day or Beijing wall-clock time (see lib/format.ts:
 * beijingToday for defaults and limits, beijingInstant for date-times); every web date picker is this one (lint).
 */
export const BeijingDatePicker = DatePicker.generatePicker<Dayjs>({
  ...dayjsGenerateConfig,
  getNow: () => beijingNowValue(),
});
