// The scanner is plain JavaScript without type declarations; the test describes the part it reads.
declare module "@mdn/mdn-http-observatory";
