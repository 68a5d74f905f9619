import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes are read before deciding the type (enough for the entries of an Office Open XML zip). */
export const SNIFF_BYTES = 64 * 1024;

/**
 * The content type of `head` from its magic bytes (file-type), never from the name or the browser's claim.
 * OLE compound files (application/x-cfb) are reported as Word .doc only when the original name says .doc,
 * since the same container also holds .xls, .msi and others.
 */
export async function detectContentType(head: Uint8Array, originalName: string): Promise<string | null> {
  const result = await fileTypeFromBuffer(head);
  if (!result) return null;
  if (result.mime === 'application/x-cfb') return /\.doc$/i.test(originalName) ? 'application/msword' : result.mime;
  return result.mime;
}
