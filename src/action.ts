// The bundle entry of the GitHub Action (dist/index.js): everything happens in run().
import "./util/heap.ts";
import { run } from "./main.ts";

await run();
