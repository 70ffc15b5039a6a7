/** A stable, language-independent handle for a parameter ("Parking spaces" → "parking_spaces"). */
export const parameterKey = (englishName: string) => englishName.toLowerCase().replace(/\s+/g, "_");
