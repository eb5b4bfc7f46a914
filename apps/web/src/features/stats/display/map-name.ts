/** The name the demo city's map is registered under (display-echarts.ts), apart so option builders stay free of ECharts. */
export const DEMO_CITY_MAP_NAME = 'phjr-demo-city';
