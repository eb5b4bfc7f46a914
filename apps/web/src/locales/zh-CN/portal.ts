/** Strings of the public portal and the district site: home, article lists and details, intro, guide. */
export default {};
