// Which portal an import comes from: read off the pasted address or, for a saved page, off the
// page itself (its first 5 MB say it; a larger upload is left to the person's choice of site).
import { detectSite, siteOfUrl, type ImportSite } from "~server/api/imports/sites";

const SNIFF_BYTES = 5 * 1024 * 1024;

export async function siteOfImport(url: string, upload: File | undefined): Promise<ImportSite | null> {
  if (url) return siteOfUrl(url);
  if (upload && upload.size <= SNIFF_BYTES) return detectSite(await upload.slice(0, SNIFF_BYTES).text());
  return null;
}
