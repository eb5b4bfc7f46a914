import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { DbOrTx } from '../db/client.ts';
import { enterpriseRegistry } from '../db/schema/index.ts';
import { DISTRICTS } from './regions.ts';

/** The demo enterprise account's registry row: certification of `enterprise` checks against it. */
export const DEMO_ENTERPRISE_REGISTRY = {
  creditCode: withCheckChar('91999906MA0000001'),
  name: '示范市绿源茶业有限公司',
  legalRep: '张绿源',
};

const NAMES = [
  ['丰禾农业发展有限公司', '王丰禾', '农业'],
  ['金穗粮油加工有限公司', '李金穗', '农副食品加工'],
  ['青山柑橘专业合作社', '赵青山', '农业'],
  ['宏达生猪养殖有限公司', '陈宏达', '畜牧业'],
  ['碧水渔业科技有限公司', '刘碧水', '渔业'],
  ['云岭茶叶种植有限公司', '杨云岭', '农业'],
  ['瑞丰食用菌有限公司', '黄瑞丰', '农业'],
  ['嘉禾米业有限公司', '周嘉禾', '农副食品加工'],
  ['顺通物流有限公司', '吴顺通', '交通运输'],
  ['恒信建材有限公司', '徐恒信', '建材'],
  ['绿野生态旅游开发有限公司', '孙绿野', '旅游'],
  ['康源中药材种植有限公司', '马康源', '农业'],
  ['兴旺家庭农场有限公司', '朱兴旺', '农业'],
  ['益农农资连锁有限公司', '胡益农', '批发零售'],
  ['华美纺织有限公司', '郭华美', '纺织'],
  ['创新电子科技有限公司', '何创新', '制造业'],
  ['惠民超市有限公司', '高惠民', '批发零售'],
  ['长青林业发展有限公司', '林长青', '林业'],
  ['佳味食品有限公司', '罗佳味', '食品制造'],
  ['鑫源机械制造有限公司', '梁鑫源', '制造业'],
  ['田园果蔬专业合作社', '宋田园', '农业'],
  ['山泉饮品有限公司', '郑山泉', '食品制造'],
  ['远航电子商务有限公司', '谢远航', '互联网'],
  ['安居建筑工程有限公司', '韩安居', '建筑业'],
  ['牧歌奶业有限公司', '唐牧歌', '畜牧业'],
  ['兴农农机服务有限公司', '冯兴农', '农业服务'],
  ['百花蜂业有限公司', '于百花', '畜牧业'],
  ['德润酒业有限公司', '董德润', '食品制造'],
  ['锦绣竹木制品有限公司', '萧锦绣', '制造业'],
  ['鸿运冷链仓储有限公司', '程鸿运', '仓储'],
  ['四季花卉园艺有限公司', '曹四季', '农业'],
  ['晨光印务有限公司', '袁晨光', '印刷'],
  ['众联软件科技有限公司', '邓众联', '信息技术'],
  ['福满楼餐饮管理有限公司', '许福满', '餐饮'],
  ['金桥农产品批发市场有限公司', '傅金桥', '批发零售'],
  ['润土有机肥有限公司', '沈润土', '化肥制造'],
] as const;

/** Demo data: the enterprise registry that certification checks against (the SMS templates come from the ensure step). */
export async function seedDemoRegistry(db: DbOrTx) {
  const rows: (typeof enterpriseRegistry.$inferInsert)[] = [
    {
      ...DEMO_ENTERPRISE_REGISTRY,
      regCapital: '500.00',
      establishedOn: '2012-04-18',
      address: '示范市示范县茶园路18号',
      businessScope: '茶叶种植、加工、销售；农产品收购',
      industry: '农业',
      regionCode: '999906',
    },
  ];
  NAMES.forEach(([name, legalRep, industry], i) => {
    const district = DISTRICTS[i % DISTRICTS.length];
    const body = `91${district.code}MA${String(i + 2).padStart(7, '0')}`;
    rows.push({
      creditCode: withCheckChar(body),
      name: `示范市${name}`,
      legalRep,
      regCapital: `${((i * 37) % 900) + 100}.00`,
      establishedOn: `${2005 + (i % 18)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      address: `示范市${district.name}产业园${i + 1}号`,
      businessScope: `${industry}相关产品的生产与销售`,
      industry,
      status: i === NAMES.length - 1 ? '注销' : '存续',
      regionCode: district.code,
    });
  });
  await db.insert(enterpriseRegistry).values(rows).onConflictDoNothing();
}
