/** A text as a LIKE pattern matches it literally: its %, _ and \ escaped (PostgreSQL's default escape). */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of values that contain the text anywhere. */
export const containing = (value: string) => `%${escapeLike(value)}%`;
