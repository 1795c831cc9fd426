// The bundle entry of the GitHub Action (dist/index.js): everything happens in run().

import { run } from "./main.ts";
import { applyRunV8Flags } from "./util/v8-flags.ts";

applyRunV8Flags(); // after the static imports: see v8-flags.ts
await run();
