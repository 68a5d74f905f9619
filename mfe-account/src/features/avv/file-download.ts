/** Decodes a base64 string (optionally a data: URL) into bytes. */
function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/^data:[^,]*,/, '').replace(/\s/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function base64ToBlob(base64: string, type = 'application/pdf'): Blob {
  return new Blob([base64ToBytes(base64)], { type });
}

/**
 * A URL an <iframe> can show: a blob: URL where the browser supports it, else a data: URL.
 * `revoke` frees the blob when the viewer goes away.
 */
export function pdfViewerUrl(base64: string): { url: string; revoke: () => void } {
  if (typeof URL.createObjectURL === 'function') {
    const url = URL.createObjectURL(base64ToBlob(base64));
    return { url, revoke: () => URL.revokeObjectURL(url) };
  }
  const clean = base64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  return { url: `data:application/pdf;base64,${clean}`, revoke: () => undefined };
}

/** Lets the browser save a blob under the given file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
