/** Strings of the orgs screens. */
export default {};
