// A listing's virtual tour as a dollhouse: a glTF (GLB) model built from the floor plan's rooms and
// their 360° photos, and a still picture of it for before (or instead of) the 3D viewer.
export { buildDollhouse, type BuiltModel } from "./build";
export { renderStill, type StillOptions } from "./still";
export { ModelInputError, MAX_ROOMS, MAX_SIZE_M, type ModelInput, type ModelRoom } from "./contract";
