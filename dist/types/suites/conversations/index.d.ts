import type { SuiteKind } from "../../engine/types.ts";
import { type ConversationInput } from "./load.ts";
import type { ConversationsOptions } from "./options.ts";
export type { ConversationInput } from "./load.ts";
export type { ConversationsOptions } from "./options.ts";
export declare const conversationsSuite: SuiteKind<ConversationsOptions, ConversationInput>;
