import { useEffect } from 'react';
import { pageDescription, pageTitle } from '../../contract/pageMetadata.ts';

export interface PageMetadata {
  /** The page's own title; null while it is not known yet (the event still loading). */
  title: string | null;
  /** Cut to 150 characters (docs/product.md#spec-9). */
  description?: string;
}

/**
 * Sets the document title ('{title} · FamJam') and `<meta name="description">` while the
 * calling screen is shown, and puts back what was there when it goes: the next screen then
 * reads as the app again, not as the last event opened.
 */
export function usePageMetadata({ title, description }: PageMetadata): void {
  useEffect(() => {
    if (title === null) return;
    const previousTitle = document.title;
    document.title = pageTitle(title);
    if (description === undefined) {
      return () => {
        document.title = previousTitle;
      };
    }
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = meta === null;
    if (meta === null) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previousDescription = meta.content;
    meta.content = pageDescription(description);
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}
