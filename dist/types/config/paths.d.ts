/** The folder every named file must be inside: the repository root, or the config's folder outside a repository. */
export declare function containmentRoot(repositoryRoot: string | undefined, configDir: string): string;
/**
 * Resolves `value` against `baseDir`. Returns the absolute path, or an error message when it lies
 * outside `root` (lexically or through a symlink). `root` undefined means anything is allowed.
 */
export declare function resolveInside(baseDir: string, value: string, root: string | undefined): {
    path: string;
} | {
    error: string;
};
