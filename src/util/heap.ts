// Start-up settings for every entry point (CLI and action), imported first.
//
// A small young generation: V8 doubles the new space (up to 2 x 32 MiB) each time the objects
// surviving scavenges add up to its size, and in a run every case summary survives: the resident
// set then grew with the number of cases although nothing more was held. A growth factor of 1
// keeps the initial semi-spaces; scavenges get more frequent but each stays tiny. The flag is read
// at every resize, so setting it here (before the heap grows) is enough.
//
// The compile cache: the bundles' compiled code is kept on disk (in the OS temp folder), so every
// start after the first skips parsing and compiling ~1 MB of JavaScript.
import module from "node:module";
import { setFlagsFromString } from "node:v8";

setFlagsFromString("--semi-space-growth-factor=1");
try {
  module.enableCompileCache?.();
} catch {
  // a read-only temp folder: start without the cache
}
