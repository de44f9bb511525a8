/** Types of folder-layout.js, for the tests that read the same list of folders. */
export declare const mainFolders: { kernel: string[]; support: string[]; roots: string[] }
export declare const isFeatureFolder: (name: string) => boolean
export declare const folderLayout: import('eslint').Rule.RuleModule
