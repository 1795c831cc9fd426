export declare function listWords(text: string): string[];
export declare function countSentences(text: string): number;
export declare function countSyllables(text: string): number;
export declare function fleschReadingEase(text: string): number;
export declare function fleschKincaidGrade(text: string): number;
/**
 * Emoji in the text, each emoji (with its modifiers, a flag, a ZWJ family) counted once. FlexEval's
 * own regex counts runs of characters from a few Unicode blocks instead (see README).
 */
export declare function countEmojis(text: string): number;
