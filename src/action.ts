// The bundle entry of the GitHub Action (dist/index.js): everything happens in run().

import { run } from "./main.ts";
import { tuneHeapForRun } from "./util/heap.ts";

tuneHeapForRun(); // after the static imports: see heap.ts
await run();
