import { QRCodeSVG } from 'qrcode.react';
import { QR_CODE } from '../../../domain/constants';
import { APP_LOGO_DATA_URI } from '../illustrations/app-logo';

export interface StoreQrCodeProps {
  value: string;
  label: string;
}

/**
 * A store link as a QR code: 180 px, error correction M, the app logo centred. The logo is 25 % of the
 * code's width (QR_CODE.logoCoverage), which hides about 6 % of the modules — within what level M restores (15 %).
 * Loaded lazily: only the mobile buy page needs the QR library.
 */
export default function StoreQrCode({ value, label }: StoreQrCodeProps) {
  const logo = Math.round(QR_CODE.sizePx * QR_CODE.logoCoverage);
  return (
    <QRCodeSVG
      value={value}
      size={QR_CODE.sizePx}
      level={QR_CODE.errorCorrection}
      marginSize={2}
      bgColor="#ffffff"
      fgColor="#000000"
      role="img"
      aria-label={label}
      title={label}
      imageSettings={{ src: APP_LOGO_DATA_URI, height: logo, width: logo, excavate: true }}
    />
  );
}
