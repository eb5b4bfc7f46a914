/** The web build's plain form of packages/contract/src/first-route.ts; typed by lib/first-route-client.ts. */
declare module 'virtual:first-route-ops' {
  export const firstRouteOps: Record<string, unknown>;
}
