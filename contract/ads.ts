// No TypeBox here: the browser imports this module, and a schema module would carry TypeBox's
// runtime into the client bundle (the ads slot's chunk on /).

/**
 * The one origin ad code comes from: the client loads the script from it and the server's CSP
 * allows it (and only it, only when ads are configured).
 */
export const AD_SCRIPT_ORIGIN = 'https://pagead2.googlesyndication.com';

/** AdSense's loader for one publisher, as its ad code snippet names it. */
export function adScriptUrl(client: string): string {
  return `${AD_SCRIPT_ORIGIN}/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
}
