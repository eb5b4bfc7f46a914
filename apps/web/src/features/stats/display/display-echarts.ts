import * as echarts from 'echarts/core';
import { LineChart, MapChart } from 'echarts/charts';
import { GeoComponent, VisualMapContinuousComponent } from 'echarts/components';
import demoCity from './demo-city.geo.json';
import { DEMO_CITY_MAP_NAME } from './map-name.ts';

/**
 * What only the achievement display draws, registered on the shared `echarts/core` next to EChart.tsx's bar, pie
 * and funnel charts: the monthly trend lines and the district map. Imported by the display's chart component only,
 * so these modules ride in the dashboard's lazy chunks and nowhere else.
 *
 * The map is the product's own schematic of the demo city (demo-city.geo.json, no map service): one polygon per
 * district of the seed (apps/server/src/seed/regions.ts), whose feature `name` is the district's region code, so a
 * series' data items are `{ name: regionCode, value }` and the labels come from the figures' own district names.
 */
echarts.use([LineChart, MapChart, GeoComponent, VisualMapContinuousComponent]);
echarts.registerMap(DEMO_CITY_MAP_NAME, demoCity as unknown as Parameters<typeof echarts.registerMap>[1]);

/** The district codes the map draws, in the file's order. */
export const MAP_DISTRICT_CODES: readonly string[] = demoCity.features.map((f) => f.properties.code);
