/** Types of scripts/french-rules.mjs, for tests/tooling. */
export declare const FRENCH_RULES: ReadonlyArray<{ pattern: RegExp; why: string }>;
export declare const GREETING: RegExp;
export declare const USERNAME_PLACEHOLDER: RegExp;
export declare function frenchProblems(value: string): string[];
export declare function greetsByUsername(value: string): boolean;
