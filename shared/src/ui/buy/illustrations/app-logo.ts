// The portal app's mark, centred on the store QR codes (a data: URI — no request, allowed by the CSP's img-src).
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">' +
  '<rect width="40" height="40" rx="9" fill="#1565c0"/>' +
  '<path d="M10 29 L17 13 L23 24 L26 19 L31 29 Z" fill="#ffffff"/>' +
  '</svg>';

export const APP_LOGO_DATA_URI = `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
