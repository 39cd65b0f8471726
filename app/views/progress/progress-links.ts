/** The member's Progress screen: its forms post here, the unit switch too (also from Settings). */
export const PROGRESS_PATH = "/members/progress";
/** 'Export CSV'. */
export const PROGRESS_CSV_PATH = "/members/progress.csv";
/** 'Progress Photos': the member's photo timeline, comparison and upload. */
export const PROGRESS_PHOTOS_PATH = "/members/progress/photos";
