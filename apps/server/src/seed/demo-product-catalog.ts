import type { CustomerType, GuaranteeMethod, Industry, LoanType } from '@phjr/contract/products/product';

/** One kind of loan the demo banks offer; each bank lists a few of them with its own rates and limits. */
export interface LoanTemplate {
  name: string;
  loanType: LoanType;
  guarantee: GuaranteeMethod[];
  customers: CustomerType[];
  industries: Industry[];
  /** 万元 */
  amount: [number, number];
  /** months */
  term: [number, number];
  /** % a year */
  rate: [number, number];
  features: string[];
  /** Districts it is made for (a county's tea or citrus, say); otherwise the whole city or a bank's districts. */
  districts?: string[];
  /** Demo chain ids (1 茶叶, 2 柑橘, 3 生猪: the order the chains issue gives its demo chains). */
  chains?: number[];
}

const TEA = '999906';
const PEACH = '999907';
const CLOUD = '999908';
const NORTH = '999905';

export const LOAN_TEMPLATES: LoanTemplate[] = [
  {
    name: '惠农e贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT'],
    customers: ['FARMER'],
    industries: ['AGRICULTURE', 'FORESTRY_ANIMAL'],
    amount: [1, 50],
    term: [3, 36],
    rate: [3.85, 5.5],
    features: ['纯信用、免抵押，手机银行线上申请', '随借随还，按日计息', '额度循环使用，最长3年'],
  },
  {
    name: '茶园贷',
    loanType: 'MORTGAGE',
    guarantee: ['MORTGAGE', 'GUARANTOR'],
    customers: ['FARMER', 'NEW_AGRI_ENTITY', 'ENTERPRISE'],
    industries: ['AGRICULTURE', 'AGRI_PROCESSING'],
    amount: [5, 500],
    term: [12, 60],
    rate: [4.2, 6],
    features: ['茶园经营权可作抵押', '还款期限匹配采茶季节', '支持茶叶加工设备购置'],
    districts: [TEA, CLOUD],
    chains: [1],
  },
  {
    name: '创业担保贷',
    loanType: 'GUARANTEE',
    guarantee: ['GUARANTEE_COMPANY', 'GUARANTOR'],
    customers: ['PERSON', 'ENTERPRISE'],
    industries: [],
    amount: [1, 300],
    term: [12, 36],
    rate: [3.2, 4.35],
    features: ['财政贴息，个人最高30万元', '小微企业最高300万元', '人社部门审核、担保机构担保'],
  },
  {
    name: '新型农业经营主体贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT', 'GUARANTEE_COMPANY'],
    customers: ['NEW_AGRI_ENTITY'],
    industries: ['AGRICULTURE', 'FORESTRY_ANIMAL', 'AGRI_PROCESSING'],
    amount: [10, 1000],
    term: [12, 36],
    rate: [3.9, 5.8],
    features: ['面向家庭农场、农民专业合作社', '农担公司担保，免抵押', '额度一次核定、循环使用'],
  },
  {
    name: '科技贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT', 'PLEDGE'],
    customers: ['ENTERPRISE'],
    industries: ['TECH', 'MANUFACTURING'],
    amount: [50, 3000],
    term: [12, 36],
    rate: [3.45, 5.2],
    features: ['面向科技型中小企业', '看重研发投入与知识产权', '风险补偿资金池增信'],
  },
  {
    name: '知识产权质押贷',
    loanType: 'PLEDGE',
    guarantee: ['PLEDGE'],
    customers: ['ENTERPRISE'],
    industries: ['TECH', 'MANUFACTURING'],
    amount: [100, 2000],
    term: [12, 36],
    rate: [3.6, 5],
    features: ['专利权、商标权均可质押', '评估费用由政府补贴', '审批最快5个工作日'],
  },
  {
    name: '银税互动贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT'],
    customers: ['ENTERPRISE'],
    industries: [],
    amount: [10, 300],
    term: [3, 12],
    rate: [3.85, 6.5],
    features: ['凭纳税信用申请，无需抵押', '纳税信用A、B级企业优先', '线上秒批，随借随还'],
  },
  {
    name: '个人经营贷',
    loanType: 'MORTGAGE',
    guarantee: ['MORTGAGE'],
    customers: ['PERSON'],
    industries: ['WHOLESALE_RETAIL', 'SERVICES', 'TOURISM_CATERING'],
    amount: [10, 500],
    term: [12, 60],
    rate: [3.4, 4.8],
    features: ['房产抵押，额度高', '先息后本，减轻还款压力', '最长5年'],
  },
  {
    name: '柑橘贷',
    loanType: 'GUARANTEE',
    guarantee: ['GUARANTOR', 'GUARANTEE_COMPANY'],
    customers: ['FARMER', 'NEW_AGRI_ENTITY'],
    industries: ['AGRICULTURE'],
    amount: [3, 200],
    term: [6, 36],
    rate: [4.1, 5.9],
    features: ['支持果园新建、改造和采摘季收购', '按果树挂果期设计还款', '农担公司担保'],
    districts: [PEACH, TEA],
    chains: [2],
  },
  {
    name: '生猪养殖贷',
    loanType: 'PLEDGE',
    guarantee: ['PLEDGE', 'GUARANTEE_COMPANY'],
    customers: ['FARMER', 'NEW_AGRI_ENTITY', 'ENTERPRISE'],
    industries: ['FORESTRY_ANIMAL'],
    amount: [10, 800],
    term: [12, 36],
    rate: [4.3, 6.2],
    features: ['活体生猪+保险保单质押', '支持圈舍建设与饲料采购', '与生猪价格保险联动'],
    districts: [NORTH, CLOUD],
    chains: [3],
  },
  {
    name: '乡村旅游贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT', 'MORTGAGE'],
    customers: ['PERSON', 'FARMER'],
    industries: ['TOURISM_CATERING'],
    amount: [5, 100],
    term: [12, 36],
    rate: [4, 5.6],
    features: ['支持民宿、农家乐改造提升', '旺季多用、淡季少用', '等额本息或按季付息'],
  },
  {
    name: '供应链订单贷',
    loanType: 'PLEDGE',
    guarantee: ['PLEDGE'],
    customers: ['ENTERPRISE'],
    industries: ['MANUFACTURING', 'WHOLESALE_RETAIL', 'AGRI_PROCESSING'],
    amount: [50, 2000],
    term: [3, 12],
    rate: [3.7, 5.4],
    features: ['凭核心企业订单或应收账款融资', '回款自动还贷', '无需额外抵押'],
  },
  {
    name: '小微快贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT'],
    customers: ['ENTERPRISE', 'PERSON'],
    industries: [],
    amount: [5, 200],
    term: [3, 12],
    rate: [3.95, 6.8],
    features: ['全流程线上办理', '最快当天放款', '按日计息，随借随还'],
  },
  {
    name: '农机具购置贷',
    loanType: 'MORTGAGE',
    guarantee: ['MORTGAGE', 'GUARANTOR'],
    customers: ['FARMER', 'NEW_AGRI_ENTITY'],
    industries: ['AGRICULTURE'],
    amount: [2, 100],
    term: [12, 36],
    rate: [4.35, 5.9],
    features: ['所购农机可作抵押', '叠加农机购置补贴', '首付比例低至20%'],
  },
  {
    name: '仓单质押贷',
    loanType: 'PLEDGE',
    guarantee: ['PLEDGE'],
    customers: ['ENTERPRISE'],
    industries: ['AGRI_PROCESSING', 'WHOLESALE_RETAIL', 'LOGISTICS'],
    amount: [100, 3000],
    term: [3, 12],
    rate: [3.8, 5.2],
    features: ['标准仓单、存货均可质押', '质押率最高70%', '动态监管、灵活提货'],
  },
  {
    name: '物流运输贷',
    loanType: 'MORTGAGE',
    guarantee: ['MORTGAGE', 'PLEDGE'],
    customers: ['ENTERPRISE', 'PERSON'],
    industries: ['LOGISTICS'],
    amount: [10, 500],
    term: [12, 36],
    rate: [4.2, 6.1],
    features: ['运输车辆可作抵押', '支持购车、油费、路桥费周转', '按月付息'],
  },
  {
    name: '工程履约贷',
    loanType: 'GUARANTEE',
    guarantee: ['GUARANTEE_COMPANY'],
    customers: ['ENTERPRISE'],
    industries: ['CONSTRUCTION'],
    amount: [100, 3000],
    term: [6, 24],
    rate: [4.5, 6.5],
    features: ['凭中标通知书申请', '担保公司增信', '按工程进度分笔提款'],
  },
  {
    name: '林权抵押贷',
    loanType: 'MORTGAGE',
    guarantee: ['MORTGAGE'],
    customers: ['FARMER', 'NEW_AGRI_ENTITY', 'ENTERPRISE'],
    industries: ['FORESTRY_ANIMAL'],
    amount: [5, 1000],
    term: [12, 60],
    rate: [4.1, 5.8],
    features: ['林权证可作抵押', '贷款期限最长5年', '支持林下经济发展'],
    districts: [CLOUD, TEA, PEACH],
  },
  {
    name: '家庭农场贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT', 'GUARANTOR'],
    customers: ['NEW_AGRI_ENTITY', 'FARMER'],
    industries: ['AGRICULTURE', 'FORESTRY_ANIMAL'],
    amount: [5, 300],
    term: [12, 36],
    rate: [3.95, 5.5],
    features: ['示范家庭农场利率优惠', '信用+保证灵活组合', '一次授信、三年有效'],
  },
  {
    name: '商户e贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT'],
    customers: ['PERSON'],
    industries: ['WHOLESALE_RETAIL', 'TOURISM_CATERING', 'SERVICES'],
    amount: [1, 50],
    term: [3, 12],
    rate: [4.35, 7.2],
    features: ['凭收单流水申请', '手机银行秒批', '按日计息'],
  },
  {
    name: '专精特新贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT', 'PLEDGE'],
    customers: ['ENTERPRISE'],
    industries: ['TECH', 'MANUFACTURING'],
    amount: [100, 3000],
    term: [12, 36],
    rate: [3.3, 4.8],
    features: ['面向专精特新中小企业', '信用为主、利率优惠', '绿色审批通道'],
  },
  {
    name: '绿色发展贷',
    loanType: 'MORTGAGE',
    guarantee: ['MORTGAGE', 'CREDIT'],
    customers: ['ENTERPRISE'],
    industries: ['MANUFACTURING', 'AGRI_PROCESSING', 'OTHER'],
    amount: [100, 3000],
    term: [12, 60],
    rate: [3.5, 5],
    features: ['支持节能改造、清洁能源项目', '碳减排项目利率优惠', '可用排污权、收费权质押'],
  },
  {
    name: '渔业养殖贷',
    loanType: 'GUARANTEE',
    guarantee: ['GUARANTOR', 'PLEDGE'],
    customers: ['FARMER', 'NEW_AGRI_ENTITY'],
    industries: ['FORESTRY_ANIMAL'],
    amount: [2, 200],
    term: [6, 36],
    rate: [4.2, 6],
    features: ['支持鱼苗、饲料采购', '养殖水面经营权可质押', '按养殖周期还款'],
    districts: ['999902', '999904'],
  },
  {
    name: '粮食收购贷',
    loanType: 'PLEDGE',
    guarantee: ['PLEDGE', 'GUARANTEE_COMPANY'],
    customers: ['ENTERPRISE'],
    industries: ['AGRI_PROCESSING'],
    amount: [100, 3000],
    term: [3, 12],
    rate: [3.6, 4.9],
    features: ['支持夏粮、秋粮收购', '收购粮食可作质押', '专款专用、封闭运行'],
  },
  {
    name: '乡村振兴贷',
    loanType: 'GUARANTEE',
    guarantee: ['GUARANTEE_COMPANY', 'CREDIT'],
    customers: ['NEW_AGRI_ENTITY', 'ENTERPRISE'],
    industries: ['AGRICULTURE', 'AGRI_PROCESSING', 'TOURISM_CATERING'],
    amount: [50, 2000],
    term: [12, 60],
    rate: [3.8, 5.3],
    features: ['支持农业产业化龙头企业', '政府风险补偿', '期限最长5年'],
  },
  {
    name: '房抵经营贷',
    loanType: 'MORTGAGE',
    guarantee: ['MORTGAGE'],
    customers: ['PERSON', 'ENTERPRISE'],
    industries: [],
    amount: [20, 1000],
    term: [12, 60],
    rate: [3.3, 4.6],
    features: ['住宅、商铺、厂房均可抵押', '抵押率最高70%', '一次授信、循环使用'],
  },
  {
    name: '稳岗扩岗贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT'],
    customers: ['ENTERPRISE'],
    industries: [],
    amount: [50, 1000],
    term: [6, 12],
    rate: [3.45, 4.5],
    features: ['面向稳定就业、吸纳就业的企业', '人社部门推荐名单', '专项优惠利率'],
  },
  {
    name: '个体工商户信用贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT'],
    customers: ['PERSON'],
    industries: ['WHOLESALE_RETAIL', 'SERVICES'],
    amount: [1, 30],
    term: [3, 12],
    rate: [4.5, 8],
    features: ['凭营业执照线上申请', '无需抵押担保', '额度3年有效'],
  },
  {
    name: '果蔬种植贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT', 'GUARANTOR'],
    customers: ['FARMER', 'NEW_AGRI_ENTITY'],
    industries: ['AGRICULTURE'],
    amount: [2, 100],
    term: [6, 24],
    rate: [4.3, 6],
    features: ['支持大棚建设、种苗农资采购', '按种植周期还款', '整村授信客户优先'],
  },
  {
    name: '中药材种植贷',
    loanType: 'GUARANTEE',
    guarantee: ['GUARANTOR', 'GUARANTEE_COMPANY'],
    customers: ['FARMER', 'NEW_AGRI_ENTITY', 'ENTERPRISE'],
    industries: ['AGRICULTURE', 'AGRI_PROCESSING'],
    amount: [5, 300],
    term: [12, 48],
    rate: [4.2, 5.9],
    features: ['匹配中药材三至五年生长周期', '可分期还本', '订单农业客户优先'],
    districts: [CLOUD, NORTH],
  },
  {
    name: '电商助农贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT'],
    customers: ['PERSON', 'FARMER', 'ENTERPRISE'],
    industries: ['WHOLESALE_RETAIL', 'AGRICULTURE'],
    amount: [2, 200],
    term: [3, 12],
    rate: [4, 6.5],
    features: ['凭电商平台经营流水申请', '支持农产品网销备货', '线上申请、线上放款'],
  },
  {
    name: '政采贷',
    loanType: 'PLEDGE',
    guarantee: ['PLEDGE'],
    customers: ['ENTERPRISE'],
    industries: [],
    amount: [20, 1000],
    term: [3, 12],
    rate: [3.7, 5],
    features: ['凭政府采购合同申请', '应收账款质押、无需抵押', '合同回款直接还贷'],
  },
  {
    name: '冷链物流贷',
    loanType: 'MORTGAGE',
    guarantee: ['MORTGAGE', 'GUARANTEE_COMPANY'],
    customers: ['ENTERPRISE', 'NEW_AGRI_ENTITY'],
    industries: ['LOGISTICS', 'AGRI_PROCESSING'],
    amount: [50, 1500],
    term: [12, 60],
    rate: [4, 5.5],
    features: ['支持冷库、冷藏车建设购置', '设备可作抵押', '期限最长5年'],
  },
  {
    name: '人才贷',
    loanType: 'CREDIT',
    guarantee: ['CREDIT'],
    customers: ['PERSON', 'ENTERPRISE'],
    industries: ['TECH', 'SERVICES'],
    amount: [10, 500],
    term: [12, 36],
    rate: [3.3, 4.5],
    features: ['面向认定的高层次人才创办企业', '纯信用', '政府贴息'],
  },
  {
    name: '应急周转贷',
    loanType: 'GUARANTEE',
    guarantee: ['GUARANTEE_COMPANY'],
    customers: ['ENTERPRISE'],
    industries: [],
    amount: [50, 2000],
    term: [3, 6],
    rate: [4.5, 6.5],
    features: ['用于到期贷款续贷过桥', '担保公司增信', '3个工作日内放款'],
  },
];

/** Conditions and materials by who the loan is for. */
export function conditionsFor(customers: CustomerType[]): { conditions: string; materials: string } {
  const c: string[] = [];
  const m: string[] = [];
  if (customers.includes('PERSON') || customers.includes('FARMER')) {
    c.push('年满18周岁、不超过65周岁，具有完全民事行为能力', '在示范市有固定住所或稳定经营场所');
    m.push('身份证、户口簿', '婚姻状况证明');
  }
  if (customers.includes('FARMER')) {
    c.push('从事种养殖等农业生产经营两年以上');
    m.push('土地承包或流转合同');
  }
  if (customers.includes('ENTERPRISE') || customers.includes('NEW_AGRI_ENTITY')) {
    c.push('依法登记注册并正常经营一年以上', '企业及实际控制人征信良好，无不良信用记录');
    m.push('营业执照、法定代表人身份证', '近一年财务报表或纳税证明', '公司章程及股东会或合作社成员大会决议');
  }
  if (customers.includes('NEW_AGRI_ENTITY')) c.push('列入县级以上家庭农场或农民合作社名录者优先');
  c.push('贷款用途合法合规，有稳定的还款来源');
  m.push('银行要求的其他材料');
  return { conditions: c.join('\n'), materials: m.join('\n') };
}

/** Guarantee services of the four demo guarantee companies (PRODUCT.md section 8); the rate is the guarantee fee. */
export const GUARANTEE_SERVICES: {
  company: string;
  name: string;
  amount: [number, number];
  term: [number, number];
  fee: [number, number];
  customers: CustomerType[];
  industries: Industry[];
  features: string[];
}[] = [
  {
    company: '示范市融资担保集团有限公司',
    name: '小微企业融资担保',
    amount: [50, 1000],
    term: [6, 36],
    fee: [0.8, 1.2],
    customers: ['ENTERPRISE'],
    industries: [],
    features: ['政府性融资担保，费率不超过1%', '与20余家银行合作', '见贷即担、批量担保'],
  },
  {
    company: '示范市融资担保集团有限公司',
    name: '创业担保贷款担保',
    amount: [1, 300],
    term: [12, 36],
    fee: [0, 0.5],
    customers: ['PERSON', 'ENTERPRISE'],
    industries: [],
    features: ['配合人社部门创业担保贷款', '个人创业免收担保费', '反担保要求从简'],
  },
  {
    company: '示范市农业信贷融资担保有限公司',
    name: '农业信贷担保',
    amount: [10, 1000],
    term: [12, 36],
    fee: [0.5, 0.8],
    customers: ['NEW_AGRI_ENTITY', 'FARMER'],
    industries: ['AGRICULTURE', 'FORESTRY_ANIMAL', 'AGRI_PROCESSING'],
    features: ['专注农业适度规模经营主体', '担保费率不超过0.8%', '免抵押、免反担保'],
  },
  {
    company: '示范市农业信贷融资担保有限公司',
    name: '茶产业专项担保',
    amount: [5, 500],
    term: [12, 36],
    fee: [0.5, 0.8],
    customers: ['FARMER', 'NEW_AGRI_ENTITY', 'ENTERPRISE'],
    industries: ['AGRICULTURE', 'AGRI_PROCESSING'],
    features: ['服务茶叶种植、加工、销售全链条', '与茶园贷配套', '担保额度随茶园面积核定'],
  },
  {
    company: '青石县融资担保有限公司',
    name: '县域中小企业担保',
    amount: [20, 500],
    term: [6, 24],
    fee: [0.9, 1.5],
    customers: ['ENTERPRISE'],
    industries: [],
    features: ['服务青石县域中小微企业', '本地审批、快速出函', '可担保流动资金贷款'],
  },
  {
    company: '青石县融资担保有限公司',
    name: '续贷过桥担保',
    amount: [50, 1000],
    term: [3, 6],
    fee: [1, 1.5],
    customers: ['ENTERPRISE'],
    industries: [],
    features: ['到期贷款无缝续贷', '担保期限与过桥期匹配', '2个工作日出函'],
  },
  {
    company: '桃源县中小企业融资担保有限公司',
    name: '柑橘产业担保',
    amount: [3, 300],
    term: [6, 36],
    fee: [0.6, 1],
    customers: ['FARMER', 'NEW_AGRI_ENTITY'],
    industries: ['AGRICULTURE'],
    features: ['服务桃源县柑橘种植户', '与柑橘贷配套', '采摘季优先办理'],
  },
  {
    company: '桃源县中小企业融资担保有限公司',
    name: '个体工商户担保',
    amount: [1, 50],
    term: [3, 12],
    fee: [1, 1.5],
    customers: ['PERSON'],
    industries: ['WHOLESALE_RETAIL', 'SERVICES', 'TOURISM_CATERING'],
    features: ['服务个体工商户经营周转', '手续简便', '可与信用贷款组合'],
  },
];
