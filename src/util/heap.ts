// Keeps the young generation small. V8 doubles the new space (up to 2 x 32 MiB) each time the
// objects surviving scavenges add up to its size, and in a run every case summary survives: the
// resident set then grew with the number of cases although nothing more was held. A growth factor
// of 1 keeps the initial semi-spaces; scavenges get more frequent but each stays tiny. This flag
// is read at every resize, so setting it at start-up (before the heap grows) is enough.
import { setFlagsFromString } from "node:v8";

setFlagsFromString("--semi-space-growth-factor=1");
