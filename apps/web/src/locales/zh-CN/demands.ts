/** Strings of financing demands: the demand form, every role's lists, details with the timeline, actions, makeup and its import, the workbench. */
export default {};
