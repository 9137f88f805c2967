import { AnchorButton, type AnchorButtonProps } from './LinkButton.tsx';

interface ExternalLinkButtonProps extends Omit<AnchorButtonProps, 'target' | 'rel'> {
  href: string;
}

/**
 * A link out of the app (tickets, a calendar) that looks like Button. It opens in a new tab,
 * without handing the other site this tab (`noopener`) or the page it came from (`noreferrer`).
 */
export function ExternalLinkButton(props: ExternalLinkButtonProps) {
  return <AnchorButton {...props} target="_blank" rel="noopener noreferrer" />;
}
