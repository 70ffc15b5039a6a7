/** `total` of get_property stops counting here; a list showing it should read "10,000+". */
export const COUNT_CAP = 10_000;
