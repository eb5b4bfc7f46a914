/** Strings of the financial supermarket: product search, product pages, match me, provider and review screens. */
export default {};
