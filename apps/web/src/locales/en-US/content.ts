/** Strings of the operator's door screens: articles and their editor, pictures, agreements, achievements. */
export default {};
