import { createContext, type ReactNode, useContext, useState } from 'react';
import type { ClientConfig } from '../../contract/config.ts';
import { EMBEDDED_CONFIG_ID } from '../../contract/embeddedConfig.ts';
import { type ApiClient, api } from '../api/client.ts';
import { PRODUCT_NAME } from '../domain/constants.ts';
import { i18n } from '../i18n/appCatalog.ts';
import { fullPageCentered } from '../styles/utilities.css.ts';
import { Button } from '../ui/Button.tsx';
import * as styles from './bootError.css.ts';

const ClientConfigContext = createContext<ClientConfig | null>(null);

function isString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** null, or both AdSense ids: an ad slot reads them without further checks. */
function isAdsConfig(value: unknown): value is ClientConfig['ads'] {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const { client, homeSlot } = value as Record<string, unknown>;
  return isString(client) && isString(homeSlot);
}

/** Just enough checking that a wrong answer (an HTML page, a proxy error) fails here, readably. */
function isClientConfig(value: unknown): value is ClientConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { firebase, authEmulator, legal, ads } = value as Record<string, unknown>;
  if (typeof firebase !== 'object' || firebase === null) return false;
  const { apiKey, authDomain, projectId } = firebase as Record<string, unknown>;
  return (
    isString(apiKey) &&
    isString(authDomain) &&
    isString(projectId) &&
    typeof authEmulator === 'boolean' &&
    typeof legal === 'object' &&
    legal !== null &&
    isAdsConfig(ads)
  );
}

/**
 * The configuration the server wrote into this page (EMBEDDED_CONFIG_ID), or null when the page
 * has none (one the service worker served) or it does not check out: then boot fetches it.
 */
export function embeddedClientConfig(doc: Document = document): ClientConfig | null {
  const text = doc.getElementById(EMBEDDED_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    const config: unknown = JSON.parse(text);
    return isClientConfig(config) ? config : null;
  } catch {
    return null;
  }
}

/** GET /api/config, once at boot, before the router renders. */
export async function fetchClientConfig(client: ApiClient = api): Promise<ClientConfig> {
  const config: unknown = await client.get('config').json();
  if (!isClientConfig(config)) throw new Error('The server sent an unexpected configuration.');
  return config;
}

export function ClientConfigProvider({
  config,
  children,
}: {
  config: ClientConfig;
  children: ReactNode;
}) {
  return <ClientConfigContext.Provider value={config}>{children}</ClientConfigContext.Provider>;
}

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error('useClientConfig must be used within a ClientConfigProvider');
  return config;
}

/**
 * Shown instead of the app when the configuration cannot be fetched: a server that is down or
 * unreachable must never leave a blank page. Nothing else (router, Firebase, providers) has
 * started yet, so it uses only the theme's CSS variables and a react-aria button.
 */
export function BootErrorScreen({
  detail,
  onRetry,
}: {
  detail: string;
  onRetry: () => Promise<void>;
}) {
  const [retrying, setRetrying] = useState(false);
  return (
    <main className={fullPageCentered}>
      <div className={styles.card} role="alert">
        <h1 className={styles.title}>{i18n.t('app.bootError.title', { product: PRODUCT_NAME })}</h1>
        <p className={styles.text}>{i18n.t('app.bootError.text', { product: PRODUCT_NAME })}</p>
        <p className={styles.detail}>{detail}</p>
        <Button
          className={styles.retry}
          isPending={retrying}
          onPress={() => {
            setRetrying(true);
            onRetry().finally(() => setRetrying(false));
          }}
        >
          {i18n.t('app.bootError.retry')}
        </Button>
      </div>
    </main>
  );
}
