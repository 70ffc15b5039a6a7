// The console's search boxes match anywhere in a name, email or title, case-insensitively.

/** `%words%` for ILIKE, with the pattern's own characters (\ % _) taken literally. */
export const containing = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
