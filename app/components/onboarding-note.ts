/** The spec's sign-in note: members are onboarded by an administrator. */
export const ONBOARDING_NOTE = "New users: Please contact us to get onboarded by an administrator.";
