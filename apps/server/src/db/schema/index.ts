export * from './orgs.ts';
export * from './auth.ts';
export * from './system.ts';
export * from './accounts.ts';
export * from './content.ts';
export * from './products.ts';
export * from './demands.ts';
export * from './chains.ts';
