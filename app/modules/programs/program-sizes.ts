/**
 * How large a program may grow (decision 0044): beyond any program a coach writes (a year of
 * six sessions of nine exercises is 2,808), and small enough that the builder's week stays
 * under 1 MB and one member's copy is one short transaction. Checked after every change that
 * grows a program (program-limits.server.ts). Plain numbers, safe anywhere: the workout
 * screen's browser code reads a day's limit without the builder's schemas.
 */
export const DAYS_PER_WEEK = 7;
export const MAX_WEEKS = 52;
export const MAX_BLOCKS_PER_DAY = 30;
export const MAX_BLOCKS_PER_PROGRAM = 3000;
