/** Strings of the platform screens. */
export default {};
