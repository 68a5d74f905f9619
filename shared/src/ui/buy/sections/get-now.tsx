import AndroidIcon from '@mui/icons-material/Android';
import AppleIcon from '@mui/icons-material/Apple';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_CODE } from '../../../domain/constants';
import { useLinks } from '../../../services/context';
import { BUY_PAGE_LAYOUT, GET_NOW_SECTION_ID, type BuyPage } from '../buy-plugins';
import { FreshdeskMarketplaceImage } from '../illustrations/freshdesk-marketplace';
import { BuySection } from './section-heading';

const StoreQrCode = lazy(() => import('./store-qr-code'));

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** mobile: Android and iOS store links with a QR code each; fresh_desk: the install button and its image. */
export function GetNow({ page }: { page: BuyPage }) {
  const { t } = useTranslation('buy');
  const links = useLinks();
  const kind = BUY_PAGE_LAYOUT[page].getNow;
  if (kind === 'none') return null;
  return (
    <BuySection name="get-now" title={t('get_now_title')} id={GET_NOW_SECTION_ID}>
      {kind === 'stores' ? (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('get_now_mobile_text')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <StoreCard os="android" />
            <StoreCard os="ios" />
          </Box>
        </>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="center">
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ mb: 2 }}>{t('get_now_fresh_desk_text')}</Typography>
              {links.freshdeskApp ? (
                <Button variant="contained" startIcon={<DownloadIcon />} href={links.freshdeskApp} {...external}>
                  {t('get_now_fresh_desk_install')}
                </Button>
              ) : (
                <Typography color="text.secondary">{t('get_now_not_configured')}</Typography>
              )}
            </Box>
            <Box sx={{ flex: 1, width: '100%' }}>
              <FreshdeskMarketplaceImage label={t('get_now_fresh_desk_image')} />
            </Box>
          </Stack>
        </Paper>
      )}
    </BuySection>
  );
}

function StoreCard({ os }: { os: 'android' | 'ios' }) {
  const url = useLinks()[`${os}App`];
  const { t } = useTranslation('buy');
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      {url ? (
        <>
          <Box sx={{ width: QR_CODE.sizePx, height: QR_CODE.sizePx, bgcolor: '#fff', borderRadius: 1 }}>
            <Suspense
              fallback={
                <Skeleton
                  variant="rectangular"
                  width={QR_CODE.sizePx}
                  height={QR_CODE.sizePx}
                  aria-label={t('get_now_qr_loading')}
                />
              }
            >
              <StoreQrCode value={url} label={t(`get_now_qr_${os}`)} />
            </Suspense>
          </Box>
          <Button
            variant="outlined"
            startIcon={os === 'android' ? <AndroidIcon /> : <AppleIcon />}
            href={url}
            {...external}
          >
            {t(`get_now_${os}`)}
          </Button>
        </>
      ) : (
        <Typography color="text.secondary">{t('get_now_not_configured')}</Typography>
      )}
    </Paper>
  );
}
