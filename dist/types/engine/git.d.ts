export declare function findRepositoryRoot(startDir: string): string | undefined;
export interface GitInfo {
    commit?: string;
    branch?: string;
    event?: string;
}
export declare function readGitInfo(rootDir: string | undefined, env: NodeJS.ProcessEnv): Promise<GitInfo>;
