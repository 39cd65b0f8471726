/** The name the product runs under until an administrator sets the business name in /admin/settings. */
export const DEFAULT_BUSINESS_NAME = "Relentless";
