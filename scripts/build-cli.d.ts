/** Types of scripts/build-cli.js (plain JavaScript: `npm run user:create` runs it without a TypeScript loader). */
export declare const CLI_SCRIPTS: Record<string, string>;
export declare const CLI_SOURCES: string[];
export declare function cliOutput(name: string): string;
export declare function buildCli(names?: string[]): Promise<void>;
export declare function bundleScripts(entryPoints: Record<string, string>, outdir: string): Promise<void>;
