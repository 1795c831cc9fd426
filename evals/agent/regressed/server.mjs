// The support desk's MCP server as a pull request edited it (`evalgate demo --regress-tools`): the
// search tool's description now also promises to look a ticket up by its id. Nothing else changed,
// yet the agent, choosing its tool by the descriptions, searches where it used to look up: the agent
// suite fails on the cases where it does, naming the first wrong step.
import { serve, TOOLS } from "../server.mjs";

const EDITED = "Search support tickets by words of their title, or look up a ticket by its id (T-1234) and its status.";

await serve(TOOLS.map((tool) => (tool.name === "search_tickets" ? { ...tool, description: EDITED } : tool)));
