export declare const EXIT: {
    readonly pass: 0;
    readonly gateFailed: 1;
    readonly badInput: 2;
    readonly runtime: 3;
    readonly interrupted: 130;
};
/** pass 0, fail 1, error (could not decide) 3: the same in every command and in the action. */
export declare function exitCodeOf(verdict: {
    verdict: "pass" | "fail" | "error";
}): number;
