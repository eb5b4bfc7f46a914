/**
 * What other modules use of the auth module's sessions: ending every session of an account (when the administrator
 * disables it or its organisation). The auth repository stays private to this module (see the lint rule
 * against importing another module's *.repo.ts).
 */
export { endUserSessions } from './auth.repo.ts';
