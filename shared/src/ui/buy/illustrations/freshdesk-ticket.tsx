import { IllustrationSvg } from './illustration-svg';
import { useIllustrationPalette } from './palette';

export interface FreshdeskTicketProps {
  label: string;
  /** Walkthrough step 0 (poster) to 4; later steps reveal more of the order panel. */
  step: number;
}

/** A Freshdesk ticket: the customer's message on the left, the plugin's order panel on the right. */
export function FreshdeskTicket({ label, step }: FreshdeskTicketProps) {
  const c = useIllustrationPalette();
  const shown = (from: number) => ({ opacity: step === 0 || step >= from ? 1 : 0.15, transition: 'opacity 400ms' });
  const focus = (on: boolean) => (on ? { stroke: c.primary, strokeWidth: 3 } : { stroke: c.line, strokeWidth: 1 });
  return (
    <IllustrationSvg label={label} viewBox="0 0 640 360">
      <rect x="0" y="0" width="640" height="360" rx="12" style={{ fill: c.page }} />
      <rect x="0" y="0" width="640" height="36" rx="12" style={{ fill: c.text }} />
      <circle cx="22" cy="18" r="5" style={{ fill: c.warning }} />
      <circle cx="40" cy="18" r="5" style={{ fill: c.success }} />
      <rect x="70" y="12" width="160" height="12" rx="6" style={{ fill: c.muted }} />
      {/* ticket */}
      <g style={shown(1)}>
        <rect x="20" y="52" width="370" height="180" rx="10" style={{ fill: c.paper, ...focus(step === 1) }} />
        <circle cx="50" cy="82" r="16" style={{ fill: c.primary }} />
        <rect x="76" y="72" width="120" height="10" rx="5" style={{ fill: c.text }} />
        <rect x="76" y="88" width="80" height="8" rx="4" style={{ fill: c.muted }} />
        <rect x="40" y="114" width="320" height="9" rx="4" style={{ fill: c.muted }} />
        <rect x="40" y="132" width="290" height="9" rx="4" style={{ fill: c.muted }} />
        <rect x="40" y="150" width="230" height="9" rx="4" style={{ fill: c.muted }} />
      </g>
      {/* reply */}
      <g style={shown(4)}>
        <rect x="20" y="248" width="370" height="96" rx="10" style={{ fill: c.paper, ...focus(step === 4) }} />
        <rect x="40" y="268" width="300" height="9" rx="4" style={{ fill: c.muted }} />
        <rect x="40" y="286" width="180" height="9" rx="4" style={{ fill: c.primary }} />
        <rect x="290" y="310" width="84" height="24" rx="6" style={{ fill: c.primary }} />
      </g>
      {/* order panel of the plugin */}
      <g style={shown(2)}>
        <rect x="406" y="52" width="214" height="292" rx="10" style={{ fill: c.paper, ...focus(step === 2) }} />
        <rect x="422" y="68" width="110" height="12" rx="6" style={{ fill: c.text }} />
        <rect x="422" y="92" width="182" height="56" rx="8" style={{ fill: c.page, ...focus(step === 3) }} />
        <rect x="434" y="104" width="90" height="9" rx="4" style={{ fill: c.text }} />
        <rect x="434" y="122" width="60" height="8" rx="4" style={{ fill: c.muted }} />
        <rect x="540" y="104" width="52" height="16" rx="8" style={{ fill: c.success }} />
      </g>
      <g style={shown(3)}>
        <rect x="422" y="160" width="182" height="40" rx="8" style={{ fill: c.page }} />
        <rect x="434" y="174" width="110" height="9" rx="4" style={{ fill: c.muted }} />
        <rect x="422" y="212" width="182" height="40" rx="8" style={{ fill: c.page }} />
        <rect x="434" y="226" width="130" height="9" rx="4" style={{ fill: c.primary }} />
        <rect x="422" y="264" width="182" height="64" rx="8" style={{ fill: c.page }} />
        <path
          d="M436 304 L470 304 L480 290 L520 290 L530 304 L590 304"
          style={{ fill: 'none', stroke: c.success, strokeWidth: 3 }}
        />
      </g>
    </IllustrationSvg>
  );
}
