// Kept equal to package.json's version (a test checks it); a constant keeps the CLI's start-up free of file reads.
export const VERSION = "0.1.0";
