import type { ClientConfig } from '../../contract/config.ts';
import { EMBEDDED_CONFIG_ID } from '../../contract/embeddedConfig.ts';

/*
 * Reading the client configuration, without React: the entry reads the copy the server wrote
 * into the page to start Firebase's session check early (src/boot/earlySessionCheck.ts), and
 * clientConfig.tsx checks GET /api/config's answer with the same test.
 */

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
export function isClientConfig(value: unknown): value is ClientConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { firebase, authEmulatorUrl, legal, ads } = value as Record<string, unknown>;
  if (typeof firebase !== 'object' || firebase === null) return false;
  const { apiKey, authDomain, projectId } = firebase as Record<string, unknown>;
  return (
    isString(apiKey) &&
    isString(authDomain) &&
    isString(projectId) &&
    (authEmulatorUrl === null || isString(authEmulatorUrl)) &&
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
