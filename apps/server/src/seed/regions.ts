/** The fictional city of the demo data and its 8 districts and counties (codes are the project's own). */
export const CITY = { code: '999900', name: '示范市', nameEn: 'Demonstration City' };
/** `nameEn`: the English form (pinyin + District / County), regions.name_en (docs/statistics.md "Region names"). */
export const DISTRICTS = [
  { code: '999901', name: '城关区', nameEn: 'Chengguan District' },
  { code: '999902', name: '东湖区', nameEn: 'Donghu District' },
  { code: '999903', name: '西山区', nameEn: 'Xishan District' },
  { code: '999904', name: '南江区', nameEn: 'Nanjiang District' },
  { code: '999905', name: '北岭区', nameEn: 'Beiling District' },
  { code: '999906', name: '青石县', nameEn: 'Qingshi County' },
  { code: '999907', name: '桃源县', nameEn: 'Taoyuan County' },
  { code: '999908', name: '云溪县', nameEn: 'Yunxi County' },
];

/** Each demo district's three townships (乡镇/街道), in order: their codes are the district's + 001, 002, 003. */
const TOWNSHIPS: Record<string, readonly [string, string, string]> = {
  '999901': ['城北街道', '河西镇', '龙泉乡'],
  '999902': ['湖滨街道', '东岗镇', '莲塘乡'],
  '999903': ['西岭镇', '石门乡', '松林镇'],
  '999904': ['江口镇', '南岸街道', '白沙乡'],
  '999905': ['北岭镇', '黄土坡乡', '红旗镇'],
  '999906': ['青石镇', '柳湾乡', '大坪镇'],
  '999907': ['桃源镇', '杏花乡', '梅溪镇'],
  '999908': ['云溪镇', '竹园乡', '清水镇'],
};
const SURNAMES =
  '张李王刘陈杨黄赵周吴徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴';
const VILLAGE_ENDINGS = ['家村', '庄村', '家湾村', '家坪村'];

/**
 * The demo villages (行政村, docs/farmers.md "Villages"): 3 townships × 4 villages in every demo district, each code the
 * district's 6 digits + the township's 3 + the village's 3.
 */
export const VILLAGES: readonly {
  code: string;
  districtCode: string;
  townshipCode: string;
  townshipName: string;
  name: string;
}[] = DISTRICTS.flatMap((d, di) =>
  TOWNSHIPS[d.code].flatMap((townshipName, ti) =>
    [0, 1, 2, 3].map((vi) => {
      const n = di * 12 + ti * 4 + vi;
      return {
        code: `${d.code}${String(ti + 1).padStart(3, '0')}${String(vi + 1).padStart(3, '0')}`,
        districtCode: d.code,
        townshipCode: `${d.code}${String(ti + 1).padStart(3, '0')}`,
        townshipName,
        name: `${SURNAMES[n]}${VILLAGE_ENDINGS[vi]}`,
      };
    }),
  ),
);
