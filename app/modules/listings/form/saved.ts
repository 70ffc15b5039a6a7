// What a saved listing of either kind brings to its form: its id and the files every listing has.
// Each kind's saved shape extends this with its own (a property's parameters, a project's plans).
import type { SavedPhoto } from "./gallery";

export interface SavedDocument {
  id: number;
  name: string;
  url: string;
}

export interface SavedListing {
  id: number;
  gallery_images: SavedPhoto[];
  documents: SavedDocument[];
  meta_image: string | null;
}
