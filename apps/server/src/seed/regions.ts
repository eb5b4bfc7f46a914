/** The fictional city of the demo data and its 8 districts and counties (codes are the project's own). */
export const CITY = { code: '999900', name: '示范市' };
export const DISTRICTS = [
  { code: '999901', name: '城关区' },
  { code: '999902', name: '东湖区' },
  { code: '999903', name: '西山区' },
  { code: '999904', name: '南江区' },
  { code: '999905', name: '北岭区' },
  { code: '999906', name: '青石县' },
  { code: '999907', name: '桃源县' },
  { code: '999908', name: '云溪县' },
];
