// Files the api hands over (invoice and AVV PDFs as base64, documentation ZIPs as blobs), saved or shown in the browser.

function cleanBase64(base64: string): string {
  return base64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
}

/** Decodes base64 (optionally a data: URL) into a Blob. */
export function base64ToBlob(base64: string, type = 'application/pdf'): Blob {
  const binary = atob(cleanBase64(base64));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Lets the browser save a blob under the given file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
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
  return { url: `data:application/pdf;base64,${cleanBase64(base64)}`, revoke: () => undefined };
}
